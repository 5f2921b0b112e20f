// The task-level tools (issue 29) over the panel's TaskHost: run_task hands a goal to Steadyhand's own model as a task
// of its own (its own `Task(<id>)` group, a new background tab, counted against "tasks at once" and queued like any
// task), answer_question resumes one, get_task, stop_task and list_tasks see only the calling client's tasks. A call
// that waits returns when its task ends or asks the client a question; if the call is cancelled (the client cancelled
// or went away) its task stops, as if the person had pressed Stop.

import type {
  DelegationClient,
  DelegationHandler,
  DelegationProgress,
  DelegationReply,
} from '../../shared/delegation/tools';
import type { AgentSettings } from '../agent';
import type { TaskHost } from '../wiring/task-host';
import { type ClientTask, ClientTasks } from './client-tasks';
import { listReply, notFound, taskReply } from './task-replies';
import { clientStart, type RunTaskArgs } from './task-start';

export interface TaskToolsDeps {
  host: TaskHost;
  /** The settings now (the start page is loaded at once only where the person's lists allow it). */
  settings(): AgentSettings;
}

type Io = Parameters<DelegationHandler>[1];

export const TASK_TOOLS = ['run_task', 'get_task', 'stop_task', 'answer_question', 'list_tasks'] as const;
export type TaskToolName = (typeof TASK_TOOLS)[number];

export function isTaskTool(name: string): name is TaskToolName {
  return (TASK_TOOLS as readonly string[]).includes(name);
}

export interface TaskTools {
  call(client: DelegationClient, tool: TaskToolName, args: Record<string, unknown>, io: Io): Promise<DelegationReply>;
  /** The client went away: every task of it still running or queued stops. */
  clientGone(clientId: string): void;
}

export function createTaskTools(deps: TaskToolsDeps): TaskTools {
  const { host } = deps;
  const tasks = new ClientTasks();
  host.subscribe((event) => tasks.apply(event));

  const stop = (task: ClientTask) => {
    if (task.state === 'ended') return;
    if (task.taskId !== null) host.stop(task.taskId);
    else if (task.queueId !== null) host.cancel(task.queueId);
  };

  /** Waits for the task to ask or end, telling its steps; the call cancelled stops it and waits for its ending. */
  const waitFor = async (task: ClientTask, io: Io): Promise<DelegationReply> => {
    const call = new AbortController();
    const progress = (step: number, message: string) => io.progress({ progress: step, message } as DelegationProgress);
    tasks.follow(task, progress, call.signal);
    const onAbort = () => stop(task);
    io.signal.addEventListener('abort', onAbort, { once: true });
    try {
      await tasks.settled(task, io.signal);
      if (io.signal.aborted) {
        stop(task);
        await task.done;
      }
      return taskReply(task);
    } finally {
      io.signal.removeEventListener('abort', onAbort);
      call.abort();
    }
  };

  const runTask = (client: DelegationClient, args: RunTaskArgs, io: Io): Promise<DelegationReply> => {
    if (io.signal.aborted)
      return Promise.resolve({ text: 'The call was cancelled before the task started.', isError: true });
    const start = clientStart(args, deps.settings());
    const task = tasks.add({ id: client.id, name: client.name }, args.goal, (added) =>
      host.execute(start.instruction, {
        client: { id: client.id, name: client.name },
        newTab: { url: start.url },
        onStart: (taskId) => tasks.bind(added, taskId),
        onQueued: (queueId) => {
          added.queueId = queueId;
        },
      }),
    );
    if (task.state === 'queued') io.progress({ progress: 0, message: 'waiting for a free slot ("tasks at once")' });
    return waitFor(task, io);
  };

  const answer = (task: ClientTask, text: string, io: Io): Promise<DelegationReply> | DelegationReply => {
    const question = task.question;
    if (task.state !== 'asking' || !question) {
      return {
        ...taskReply(task),
        text: `Task ${task.taskId} has no question waiting.\n${taskReply(task).text}`,
        isError: true,
      };
    }
    host.answer(question.questionId, text);
    tasks.answered(task);
    return waitFor(task, io);
  };

  return {
    async call(client, tool, args, io) {
      if (tool === 'run_task') return runTask(client, args as unknown as RunTaskArgs, io);
      if (tool === 'list_tasks') return listReply(tasks.of(client.id));
      const taskId = String(args.task_id ?? '');
      const task = tasks.find(client.id, taskId);
      if (!task) return notFound(taskId);
      switch (tool) {
        case 'get_task':
          return taskReply(task);
        case 'stop_task':
          stop(task);
          await task.done;
          return taskReply(task);
        case 'answer_question':
          return answer(task, String(args.answer ?? ''), io);
      }
    },
    clientGone(clientId) {
      for (const task of tasks.of(clientId)) stop(task);
    },
  };
}
