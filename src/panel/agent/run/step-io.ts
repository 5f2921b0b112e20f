// The two halves of a step that talk to the outside: decide (send the conversation with the step's observation, call
// the model, count its time, tokens and retries, keep its turn) and act (run the turn's tool calls in order,
// announcing each call and its result, and answering each in the conversation).

import { isAbort } from '../core/abort';
import { OUTPUT_TOKENS_FOR } from '../core/settings';
import type { MessageParam, ModelRequest, ModelTurn, TextBlock } from '../model/agent-model';
import { cutNote, joinTurns, keepable, raisedLimit } from '../model/cut';
import { withSendableToolNames } from '../model/tool-names';
import type { StepView } from '../observe/observe';
import { ASK_FIRST_PROMPT } from '../sites/plan';
import { costLimitReached } from '../task/cost-cap';
import { StepCutShort } from '../task/endings';
import { filesLine } from '../task/files';
import type { TaskState } from '../task/task-state';
import { TurnLimits } from '../task/turn-limits';
import { type CallResult, executeCall, refusedCall, type TurnState } from '../tools/execute';
import { PROPOSE_PLAN } from '../tools/plan-tool';
import { anthropicTools, taskTools } from '../tools/registry';
import type { ToolContext } from '../tools/types';
import { DOWNLOAD_REPORT_WAIT_MS, withDownloads } from './download-report';
import { planRuleRefusal } from './plan-rule';
import { observationText, SYSTEM, toolResultBlock } from './prompt';
import type { RunContext } from './run-context';
import { identityIn, type TargetIdentity } from './target-identity';

/**
 * The system prompt of a task: the shared one, and in "Ask before acting" its part on the plan after the shared
 * one's cache breakpoint (so the shared part still reads from the cache). Fixed for the task, as its mode is.
 */
export function systemFor(task: Pick<TaskState, 'autonomy'>): TextBlock[] {
  return task.autonomy === 'ask_first' ? [...SYSTEM, { type: 'text', text: ASK_FIRST_PROMPT }] : [...SYSTEM];
}

/**
 * A paused turn (`pause_turn`) is continued at most this often before the step takes what it has; it takes what it
 * has too when the continuation would take the task past its cost limit (the next step then ends the task).
 */
const MAX_CONTINUATIONS = 5;

export interface StepInput {
  step: number;
  stepsLeft: number;
  view: StepView;
  /** Marks this step's untrusted page content (the observation and the results of its tool calls). */
  nonce: string;
}

/**
 * Asks the model for the step's turn and keeps it in the conversation as it came. A paused turn is sent back to be
 * continued (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons); a refused one is never
 * kept, so it is not sent again; a turn cut off by the output limit keeps its complete blocks, and the model is told
 * (cut.ts).
 */
export async function decide(run: RunContext, input: StepInput, signal = run.signal): Promise<ModelTurn> {
  const { task } = run;
  const { conversation } = task;
  task.tools ??= anthropicTools(taskTools(run.settings));
  const { tools } = task;
  const maxTokens = task.maxTokens ?? OUTPUT_TOKENS_FOR[run.settings.effort];
  const files = run.files ? filesLine(run.files.attached(), run.files.downloads()) : null;
  const observation = observationText(
    { step: input.step, stepsLeft: input.stepsLeft, ...input.view, files },
    input.nonce,
  );
  // A tool name the API would refuse never reaches the history as it came (tool-names.ts). Its note waits for the
  // turn's last commit: a note between a paused part and its commit would end the continuation.
  const notes: string[] = [];
  const ask = async (messages: MessageParam[]) => {
    const asked = await callModel(run, signal, input.step, {
      system: systemFor(task),
      tools,
      messages,
      maxTokens,
    });
    const sendable = withSendableToolNames(asked);
    if (sendable.note) notes.push(sendable.note);
    return sendable.turn;
  };
  let messages = conversation.next(observation);
  let turn = await ask(messages);
  const mayContinue = (i: number) =>
    turn.stopReason === 'pause_turn' &&
    i < MAX_CONTINUATIONS &&
    keepable(turn.content) &&
    !costLimitReached(task.metrics, run.settings.maxTaskCostUsd);
  for (let i = 0; mayContinue(i); i++) {
    conversation.commit(messages, turn.content, true);
    messages = conversation.next(null);
    turn = joinTurns(turn, await ask(messages));
  }
  if (turn.refusal) {
    conversation.withholdAfterRefusal();
    return turn;
  }
  if (keepable(turn.content)) conversation.commit(messages, turn.content);
  for (const note of notes) conversation.note(note);
  if (turn.cut) {
    task.maxTokens = raisedLimit(maxTokens);
    conversation.note(cutNote(turn, maxTokens, task.maxTokens));
  }
  return turn;
}

async function callModel(
  run: RunContext,
  signal: AbortSignal,
  step: number,
  request: ModelRequest,
): Promise<ModelTurn> {
  const { task } = run;
  const metrics = task.metrics.metrics;
  let attempt = 1;
  const t0 = run.clock.now();
  try {
    const turn = await run.model.complete(request, {
      signal,
      onText: (delta) => run.emit({ type: 'model_text', taskId: task.taskId, step, attempt, delta }),
      onThinking: (delta) => run.emit({ type: 'model_thinking', taskId: task.taskId, step, attempt, delta }),
      onRetry: (retry) => {
        metrics.retries++;
        attempt = retry.attempt + 1;
        run.emit({ type: 'model_retry', taskId: task.taskId, step, ...retry });
      },
    });
    metrics.steps++;
    task.metrics.addTurn(turn.model, turn.usage);
    // Usage is known now; the panel shows it during the step rather than only after its actions.
    run.emit({ type: 'metrics', taskId: task.taskId, metrics: task.metrics.snapshot() });
    return turn;
  } finally {
    metrics.modelMs += run.clock.now() - t0;
  }
}

/**
 * decide(), cut short when the agent's tab closes while the model thinks: resolves null then, and the caller stops
 * the task with "Tab was closed" at once (whatever the model answers could only act on a page that is gone).
 */
export async function decideWatchingTab(
  run: RunContext,
  tabId: number | null,
  input: StepInput,
): Promise<ModelTurn | null> {
  const { signal } = run;
  if (tabId === null) return decide(run, input);
  const lost = new AbortController();
  const watching = new AbortController();
  run.tabs.subscribe((change) => {
    if (change.type === 'lost' && change.wasCurrent && change.tabId === tabId) lost.abort();
  }, watching.signal);
  try {
    return await decide(run, input, AbortSignal.any([signal, lost.signal]));
  } catch (error) {
    if (lost.signal.aborted && !signal.aborted) return null;
    throw error;
  } finally {
    watching.abort();
  }
}

export async function act(
  run: RunContext,
  input: { step: number; turn: ModelTurn; view: StepView; nonce: string; denied?: string | null },
): Promise<CallResult[]> {
  const { step, view } = input;
  const { task, signal } = run;
  const ctx: ToolContext = {
    ...run,
    step,
    tabId: view.tabId,
    snapshot: view.snapshot,
    deniedOrigin: input.denied ?? null,
  };
  const state: TurnState = { operable: view.operable, pageChangedBy: null };
  const limits = new TurnLimits(run.clock, input.turn.toolCalls.length);
  const results: CallResult[] = [];
  /** The calls of this step that sent an action (CallResult.sent): the step counts, whatever Stop does next. */
  const sent: string[] = [];
  let planAsked = false;
  for (const [index, call] of input.turn.toolCalls.entries()) {
    // Stop pressed after the model replied, or during an earlier call: nothing more is announced or sent.
    if (signal.aborted) throw new StepCutShort(sent, null);
    const target = targetName(view.snapshot, call.input);
    const identity = targetIdentity(view.snapshot, call.input);
    run.emit({
      type: 'tool_call',
      taskId: task.taskId,
      step,
      callId: call.id,
      name: call.name,
      input: call.input,
      target,
      ...(identity ? { identity } : {}),
    });
    const cursor = run.files?.cursor();
    const capped = limits.refuse(call, index);
    const beforePlan = capped ? null : planRuleRefusal(task, call, planAsked);
    let result: CallResult;
    try {
      result = capped
        ? { ...refusedCall(call, 'skipped', capped.text), brief: capped.brief }
        : beforePlan
          ? { ...refusedCall(call, 'skipped', beforePlan), brief: 'skipped (no approved plan yet)' }
          : await limits.run(call, () => executeCall(call, { ...ctx, waitLeftMs: limits.waitLeftMs() }, state));
    } catch (error) {
      // Stopped before the call sent anything (executeCall answers one that had): it did not happen.
      if (isAbort(error, signal)) throw new StepCutShort(sent, null);
      throw error;
    }
    if (result.sent) sent.push(call.name);
    if (call.name === PROPOSE_PLAN && ranAtAll(result)) planAsked = true;
    if (run.files && cursor !== undefined && !signal.aborted) {
      const maxMs = DOWNLOAD_REPORT_WAIT_MS;
      try {
        result = withDownloads(result, await run.files.downloadsAfter(cursor, { maxMs, signal }));
      } catch (error) {
        // Stop while the downloads were awaited: the call itself is over, and its result is kept as it is.
        if (!isAbort(error, signal)) throw error;
      }
    }
    results.push(result);
    if (ranAtAll(result)) {
      const completed = result.outcome !== 'execute_error' && result.outcome !== 'stopped_in_flight';
      run.proof.noteCall(result.name, result.input, run.tabs.currentTabId, completed);
    }
    // Kept at once: a Stop during a later call still leaves this one answered in the conversation.
    task.conversation.answer(toolResultBlock(result, input.nonce));
    run.emit({
      type: 'tool_result',
      taskId: task.taskId,
      step,
      callId: call.id,
      name: call.name,
      outcome: result.outcome,
      isError: result.isError,
      summary: result.brief,
      ...(result.verification ? { verification: result.verification } : {}),
    });
    // A call Stop caught on its way is answered and shown first (it may have happened), then the run ends.
    if (result.outcome === 'stopped_in_flight') throw new StepCutShort(sent, call.name);
    // An accepted done ends the task, and so does a cancelled plan: nothing after it in the turn runs.
    if (result.effects.done?.accepted || result.effects.planCancelled) break;
  }
  // Stop during the turn's last call, which came back all the same: the step ends here, counted if it sent an action.
  // An accepted done stands: the task was over before Stop could end it.
  if (signal.aborted && !results.some((r) => r.effects.done?.accepted)) throw new StepCutShort(sent, null);
  return results;
}

/** A call that reached the page or the browser (a refused or skipped one supplied nothing to any page). */
export function ranAtAll(result: Pick<CallResult, 'outcome'>): boolean {
  return !['invalid_input', 'unknown_tool', 'skipped'].includes(result.outcome);
}

/** The element a call names by `ref`, as the snapshot's text listed it (what a saved task keeps, issue 30). */
function targetIdentity(snapshot: StepView['snapshot'], input: unknown): TargetIdentity | null {
  const ref = (input as { ref?: unknown } | null)?.ref;
  return typeof ref === 'number' && snapshot ? identityIn(snapshot.text, ref) : null;
}

/** The accessible name (or role) of the element a call names by `ref`, so a person reads "Clicked Add to cart". */
function targetName(snapshot: StepView['snapshot'], input: unknown): string | undefined {
  const ref = (input as { ref?: unknown } | null)?.ref;
  if (typeof ref !== 'number' || !snapshot) return undefined;
  const element = snapshot.elements.find((candidate) => candidate.ref === ref);
  return element ? element.name || element.role : undefined;
}
