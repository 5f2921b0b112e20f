// What a client reads back about its task (issue 29): the text its model reads, and the same facts as structured data
// beside it, so a client acts on fields, never on the wording. An ended task gives its ending, whether the done gate
// verified it, the evidence it checked, the answer, the trace id (the task's id: the trace the person exports from
// the panel's history carries it as `task.id`), steps and cost.

import type { DelegationReply } from '../../shared/delegation/tools';
import type { DoneEvidence } from '../agent';
import type { ClientTask } from './client-tasks';

export function notFound(taskId: string): DelegationReply {
  // The same words for an id no task has and for another client's task: a client learns nothing of the others.
  return { text: `No task "${taskId}" was found for this client.`, isError: true };
}

function evidenceText(evidence: DoneEvidence | undefined): string | null {
  if (!evidence) return null;
  const parts = [
    ...(evidence.quotes ?? []).map((quote) => JSON.stringify(quote)),
    ...(evidence.urlContains ? [`the URL contains ${JSON.stringify(evidence.urlContains)}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The task as it stands: ended with its result, asking its question, or still at work. */
export function taskReply(task: ClientTask): DelegationReply {
  const taskId = task.taskId ?? '';
  const result = task.result;
  if (task.state === 'ended' && result) {
    const evidence = evidenceText(result.evidence);
    const cost = result.metrics.costUsd;
    const lines = [
      `Task ${taskId} ended: ${result.status}${result.verified ? ' (verified on the page)' : ' (not verified)'}.`,
      result.summary,
      ...(result.answer ? [`Answer: ${result.answer}`] : []),
      ...(evidence ? [`Evidence checked on the page: ${evidence}`] : []),
      `Steps: ${result.metrics.steps}${cost === null ? '' : ` · cost: $${cost.toFixed(4)}`} · trace id: ${taskId}`,
    ];
    return {
      text: lines.join('\n'),
      data: {
        task_id: taskId,
        state: 'ended',
        ending: result.status,
        verified: result.verified,
        ...(result.verifiedAs ? { verified_as: result.verifiedAs } : {}),
        summary: result.summary,
        ...(result.answer ? { answer: result.answer } : {}),
        ...(result.evidence ? { evidence: result.evidence } : {}),
        ...(result.stopCause ? { stop_cause: result.stopCause } : {}),
        trace_id: taskId,
        steps: result.metrics.steps,
        cost_usd: cost,
      },
      // A task that ended without doing its goal is a result, not a failed call: the client reads `ending`.
    };
  }
  if (task.state === 'asking' && task.question) {
    return {
      text:
        `Task ${taskId} asks: ${task.question.question}\n` +
        'Answer it with answer_question (task_id and answer); the task waits meanwhile.',
      data: { task_id: taskId, state: 'asking', question: task.question.question },
    };
  }
  const where = task.panelWait ? ` It waits for the person in Steadyhand's panel (${task.panelWait}).` : '';
  const state = task.state === 'queued' ? 'waits for a free slot' : `is running (step ${task.step})`;
  return {
    text: `Task ${taskId || '(not started yet)'} ${state}.${where}`,
    data: {
      task_id: taskId,
      state: task.state,
      step: task.step,
      ...(task.panelWait ? { waiting_for_person: task.panelWait } : {}),
    },
  };
}

/** One line per task for list_tasks. */
export function listReply(tasks: readonly ClientTask[]): DelegationReply {
  const rows = tasks.map((task) => ({
    task_id: task.taskId ?? '',
    goal: task.goal,
    state: task.state,
    ...(task.result ? { ending: task.result.status, verified: task.result.verified } : {}),
  }));
  const text =
    rows.length === 0
      ? 'This client has no tasks.'
      : rows
          .map(
            (row) => `${row.task_id || '(queued)'}: ${row.state}${row.ending ? ` (${row.ending})` : ''}: ${row.goal}`,
          )
          .join('\n');
  return { text, data: { tasks: rows } };
}
