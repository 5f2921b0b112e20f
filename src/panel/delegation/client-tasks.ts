// The tasks other agents handed over MCP (issue 29), each kept with the client that started it: a client sees only its
// own (another client's id is "not found", like an unknown one). Each task's state follows the host's events: running,
// asking (an ask_user question the client answers), or ended with its result; a call that waits (run_task,
// answer_question) is woken when that changes, and each step is told to it as progress.

import type { AgentEvent, TaskClient, TaskResult } from '../agent';

export type ClientTaskState = 'queued' | 'running' | 'asking' | 'ended';

/** What the task waits for in the person's panel, never asked of the client. */
export type PanelWait = 'site' | 'consent' | 'plan';

export interface ClientTask {
  readonly client: TaskClient;
  readonly goal: string;
  /** Null while the task waits in the queue for a slot. */
  taskId: string | null;
  queueId: string | null;
  state: ClientTaskState;
  question: { questionId: string; question: string } | null;
  panelWait: PanelWait | null;
  step: number;
  result: TaskResult | null;
  /** Settles when the task's run ends (or it is taken out of the queue). */
  done: Promise<TaskResult>;
}

type Progress = (step: number, message: string) => void;

/** Ended tasks kept for get_task and list_tasks; older ones are forgotten. */
const KEPT_ENDED = 100;

export class ClientTasks {
  /** Newest first. */
  #tasks: ClientTask[] = [];
  readonly #byId = new Map<string, ClientTask>();
  readonly #waiters = new Map<ClientTask, Set<() => void>>();
  readonly #progress = new Map<ClientTask, Set<Progress>>();

  add(client: TaskClient, goal: string, done: (task: ClientTask) => Promise<TaskResult>): ClientTask {
    const task: ClientTask = {
      client,
      goal,
      taskId: null,
      queueId: null,
      state: 'queued',
      question: null,
      panelWait: null,
      step: 0,
      result: null,
      done: Promise.resolve(null as unknown as TaskResult),
    };
    this.#tasks = [task, ...this.#tasks];
    task.done = done(task);
    void task.done.then((result) => this.#end(task, result));
    return task;
  }

  /** The task took its id as it started (at once, or when its turn in the queue came). */
  bind(task: ClientTask, taskId: string): void {
    task.taskId = taskId;
    task.queueId = null;
    if (task.state === 'queued') task.state = 'running';
    this.#byId.set(taskId, task);
  }

  /** The client's task `taskId`, or null: an unknown id and another client's read the same. */
  find(clientId: string, taskId: string): ClientTask | null {
    const task = this.#byId.get(taskId);
    return task && task.client.id === clientId ? task : null;
  }

  /** The client's tasks, newest first. */
  of(clientId: string): ClientTask[] {
    return this.#tasks.filter((task) => task.client.id === clientId);
  }

  /** The client answered the question: the task goes on. */
  answered(task: ClientTask): void {
    if (task.state !== 'asking') return;
    task.state = 'running';
    task.question = null;
  }

  /** Resolves once the task asks a question or ends, or `signal` aborts. */
  settled(task: ClientTask, signal: AbortSignal): Promise<void> {
    if (task.state === 'asking' || task.state === 'ended' || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.#waiters.get(task) ?? new Set();
      this.#waiters.set(task, waiters);
      const wake = () => {
        waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  /** Tells `listener` each step of the task until `signal` aborts. */
  follow(task: ClientTask, listener: Progress, signal: AbortSignal): void {
    const listeners = this.#progress.get(task) ?? new Set();
    this.#progress.set(task, listeners);
    listeners.add(listener);
    signal.addEventListener('abort', () => listeners.delete(listener), { once: true });
  }

  /** The host's events, for the tasks of clients. */
  apply(event: AgentEvent): void {
    const task = this.#byId.get(event.taskId);
    if (!task) return;
    switch (event.type) {
      case 'task_started':
        // A follow-up the person typed in the panel runs the task again.
        if (event.followUp && task.state === 'ended') {
          task.state = 'running';
          task.result = null;
        }
        return;
      case 'step_started':
        task.step = event.step;
        // An answer given in the panel: the task went on without the client.
        this.answered(task);
        return;
      case 'tool_call':
        this.#tell(task, event.step, `step ${event.step}: ${event.name}${event.target ? ` ${event.target}` : ''}`);
        return;
      case 'ask_user':
        task.state = 'asking';
        task.question = { questionId: event.questionId, question: event.question };
        this.#wake(task);
        return;
      case 'permission_request':
        this.#waitInPanel(task, event.step, 'site', `may it use ${event.origin}?`);
        return;
      case 'consent_request':
        this.#waitInPanel(task, event.step, 'consent', `may it take this step (${event.consequence.kind})?`);
        return;
      case 'plan_proposed':
        this.#waitInPanel(task, event.step, 'plan', 'does the person approve its plan?');
        return;
      case 'permission_decided':
      case 'consent_decided':
      case 'plan_decided':
        task.panelWait = null;
        return;
      case 'task_finished': {
        const { type: _type, ...result } = event;
        this.#end(task, result);
        return;
      }
      default:
        return;
    }
  }

  #waitInPanel(task: ClientTask, step: number, kind: PanelWait, what: string): void {
    task.panelWait = kind;
    this.#tell(task, step, `step ${step}: waiting for the person in Steadyhand's panel: ${what}`);
  }

  #tell(task: ClientTask, step: number, message: string): void {
    for (const listener of this.#progress.get(task) ?? []) {
      try {
        listener(step, message);
      } catch {
        // A client gone mid-call must not end the task.
      }
    }
  }

  #end(task: ClientTask, result: TaskResult): void {
    if (task.state === 'ended' && task.result) return;
    task.state = 'ended';
    task.question = null;
    task.panelWait = null;
    task.result = result;
    this.#wake(task);
    this.#forgetOld();
  }

  #wake(task: ClientTask): void {
    for (const wake of [...(this.#waiters.get(task) ?? [])]) wake();
  }

  #forgetOld(): void {
    const ended = this.#tasks.filter((task) => task.state === 'ended');
    for (const task of ended.slice(KEPT_ENDED)) {
      this.#tasks = this.#tasks.filter((kept) => kept !== task);
      if (task.taskId) this.#byId.delete(task.taskId);
      this.#waiters.delete(task);
      this.#progress.delete(task);
    }
  }
}
