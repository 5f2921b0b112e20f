// The panel's tasks side by side (decision 0029): a runner per task (task-runner.ts), as many running at once as the
// "tasks at once" setting allows and the rest waiting in a queue, oldest first, that starts them as running ones end.
// Everything that names a task (Stop, a follow-up, an answer, the mask's Stop, whether a tab may be scripted) reaches
// that task's runner only.

import {
  type AgentEvent,
  type AgentEventListener,
  type AutonomyMode,
  type ConsentDecision,
  emptyMetrics,
  type PlanAnswer,
  ReplayModel,
  type SavedTask,
  type SiteDecision,
  type TaskClient,
  type TaskResult,
  type VariableValues,
} from '../agent';
import { useHistory } from '../store/history';
import { useSettings } from '../store/settings';
import { type QueuedTask, useTaskQueue } from '../store/task-queue';
import type { AgentWiring } from './agent';
import type { SessionHost, SessionRun, SessionStart } from './session-host';
import { createTaskRunner, personModel, type RunnerDriver, type TaskRunner } from './task-runner';

/** How a new task starts: its mode, the tab the person looked at when they asked, and who wants to know its id. */
export interface StartOptions {
  autonomy?: AutonomyMode;
  startTabId?: number | null;
  /** Called with the task's id as it starts (at once, or when its turn in the queue comes). */
  onStart?(taskId: string): void;
  /** Called with its place in the queue when the task must wait for a slot (cancel() takes it out). */
  onQueued?(queueId: string): void;
  /** Another agent handed the task over MCP (issue 29): it is that client's, shown with its name. */
  client?: TaskClient;
  /** Start in a new background tab on `url` (none yet when null), never on the person's tab (issue 29). */
  newTab?: { url: string | null };
  /** Play a saved task (issue 30): its steps are the turns, the person's model takes over where the page changed. */
  replay?: { saved: SavedTask; values: VariableValues };
}

interface Waiting extends QueuedTask {
  run(): Promise<TaskResult>;
  settle: { resolve(result: TaskResult): void; reject(error: unknown): void };
}

/** Runners of ended tasks kept for their follow-ups; older ones are let go (a follow-up then starts anew). */
const KEPT_IDLE = 12;

export class TaskHost implements SessionHost {
  readonly #wiring: AgentWiring;
  /** Newest first. */
  #runners: TaskRunner[] = [];
  readonly #busy = new Set<TaskRunner>();
  /** Open page-level sessions (issue 29): running, but in no slot of "tasks at once". */
  readonly #sessions = new Set<TaskRunner>();
  #queue: Waiting[] = [];
  readonly #listeners = new Set<AgentEventListener>();
  #nextQueueId = 0;

  constructor(wiring: AgentWiring) {
    this.#wiring = wiring;
    wiring.signal.addEventListener('abort', () => this.#dispose(), { once: true });
  }

  /** Every task's events, in the order each task emits them. */
  subscribe(listener: AgentEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Starts a new task now, or when a running one ends; resolves when it ends. */
  execute(instruction: string, options: StartOptions = {}): Promise<TaskResult> {
    return this.#admit(instruction, null, options, () => {
      const replay = options.replay ? this.#replayDriver(options.replay) : null;
      const runner = this.#newRunner(options.startTabId ?? null, options.newTab, replay?.driver ?? null);
      if (replay) runner.controller.subscribe(replay.listen);
      const { autonomy, client } = options;
      const done = runner.controller.execute(instruction, {
        ...(autonomy ? { autonomy } : {}),
        ...(client ? { client } : {}),
      });
      const taskId = runner.controller.taskId;
      if (taskId !== null) options.onStart?.(taskId);
      return this.#track(runner, done);
    });
  }

  /**
   * Opens a page-level session of another agent (issue 29): a task whose model is the client, started at once in a
   * new background tab of its own group. It takes no slot of "tasks at once" (it runs no model of the panel's); Stop,
   * the person's answers and the mask reach it as any task. Its runner goes when it ends: a follow-up typed in its
   * thread then starts a task of the person's own.
   */
  openSession(start: SessionStart): SessionRun {
    const driver: RunnerDriver = { model: start.model, settings: start.settings };
    // No tab of the person's: the session's first call (open_url) opens its own.
    const runner = this.#newRunner(null, { url: null }, driver);
    runner.controller.subscribe(start.onEvent);
    this.#sessions.add(runner);
    // The client's task (TaskOptions.client): its words allow no site, its consequential steps ask as the settings say.
    const done = runner.controller.execute(start.instruction, { autonomy: 'act', client: start.client });
    const taskId = runner.controller.taskId ?? '';
    const gone = () => {
      this.#sessions.delete(runner);
      runner.dispose();
      this.#runners = this.#runners.filter((kept) => kept !== runner);
    };
    done.then(gone, gone);
    return {
      taskId,
      done,
      stop: () => runner.controller.stop(),
      owns: (tabId) => runner.manager()?.isOwned(tabId) ?? false,
    };
  }

  /**
   * Continues `taskId`: a running task takes the instruction at its next step; an ended one runs again on its tabs
   * (now or when a slot frees); a task this panel no longer holds (an earlier panel's) starts anew.
   */
  followUp(taskId: string, instruction: string, options: StartOptions = {}): Promise<TaskResult> {
    const runner = this.runnerOf(taskId);
    if (!runner) return this.execute(instruction, options);
    // A session's run takes it at its next step: the client's model reads it with its next reply.
    if (this.#busy.has(runner) || this.#sessions.has(runner)) return runner.controller.followUp(instruction);
    return this.#admit(instruction, taskId, options, () => {
      options.onStart?.(taskId);
      return this.#track(runner, runner.controller.followUp(instruction));
    });
  }

  /** Stops the task: at once if it runs; a follow-up of it still waiting in the queue is dropped. */
  stop(taskId: string): void {
    this.runnerOf(taskId)?.controller.stop();
    for (const waiting of this.#queue.filter((entry) => entry.followUpOf === taskId)) this.cancel(waiting.queueId);
  }

  /** Every task of this panel stops (Escape with no thread open, the tests' teardown). */
  stopAll(): void {
    for (const waiting of [...this.#queue]) this.cancel(waiting.queueId);
    for (const runner of [...this.#busy, ...this.#sessions]) runner.controller.stop();
  }

  /** Takes a waiting task out of the queue; it never starts and its promise ends as stopped. */
  cancel(queueId: string): void {
    const waiting = this.#queue.find((entry) => entry.queueId === queueId);
    if (!waiting) return;
    this.#queue = this.#queue.filter((entry) => entry !== waiting);
    this.#publishQueue();
    waiting.settle.resolve(cancelled(waiting));
  }

  answer(questionId: string, reply: string): boolean {
    return this.#runners.some((runner) => runner.controller.answer(questionId, reply));
  }

  answerPermission(requestId: string, decision: SiteDecision): boolean {
    return this.#runners.some((runner) => runner.controller.answerPermission(requestId, decision));
  }

  answerPlan(planId: string, answer: PlanAnswer): boolean {
    return this.#runners.some((runner) => runner.controller.answerPlan(planId, answer));
  }

  answerConsent(requestId: string, decision: ConsentDecision): boolean {
    return this.#runners.some((runner) => runner.controller.answerConsent(requestId, decision));
  }

  runnerOf(taskId: string): TaskRunner | null {
    return this.#runners.find((runner) => runner.controller.taskId === taskId) ?? null;
  }

  /** The newest task's runner (the one a single-task test or tool follows). */
  latest(): TaskRunner | null {
    return this.#runners[0] ?? null;
  }

  runners(): readonly TaskRunner[] {
    return this.#runners;
  }

  /** How many tasks run now (a task asking the person counts: it holds its tabs). */
  get running(): number {
    return this.#busy.size;
  }

  /** The tasks of this panel that ran and ended (their runners idle): their locks may not be let go of yet. */
  endedHere(): ReadonlySet<string> {
    const idle = this.#runners.filter((runner) => !this.#busy.has(runner));
    return new Set(idle.flatMap((runner) => (runner.controller.taskId ? [runner.controller.taskId] : [])));
  }

  /** The runner whose task owns `tabId` now, if any. */
  ownerOf(tabId: number): TaskRunner | null {
    return this.#runners.find((runner) => runner.manager()?.isOwned(tabId)) ?? null;
  }

  /**
   * Whether the extension may script a document at `url` in `tabId`: the site rules of the task that owns the tab.
   * A tab no task owns yet (one being taken) is scripted only if no running task's rules refuse the site.
   */
  mayRunOn(tabId: number, url: string): boolean {
    const owner = this.ownerOf(tabId);
    if (owner) return owner.controller.mayRunOn(url);
    return [...this.#busy, ...this.#sessions].every((runner) => runner.controller.mayRunOn(url));
  }

  // ---- internals ------------------------------------------------------------------------------------------------

  #admit(
    instruction: string,
    followUpOf: string | null,
    options: StartOptions,
    run: () => Promise<TaskResult>,
  ): Promise<TaskResult> {
    if (this.#queue.length === 0 && this.#busy.size < this.#slots()) return run();
    return new Promise<TaskResult>((resolve, reject) => {
      this.#nextQueueId += 1;
      const queueId = `q${this.#nextQueueId}`;
      this.#queue.push({ queueId, instruction, followUpOf, at: Date.now(), run, settle: { resolve, reject } });
      this.#publishQueue();
      options.onQueued?.(queueId);
    });
  }

  /**
   * A replay's model (replay-model.ts) over the person's own, which it asks only from where the page changed; it hears
   * each call's result from the run's events and keeps its report on the task's record.
   */
  #replayDriver(replay: NonNullable<StartOptions['replay']>): { driver: RunnerDriver; listen: AgentEventListener } {
    let taskId: string | null = null;
    const model = new ReplayModel({
      saved: replay.saved,
      values: replay.values,
      healer: () => personModel(this.#wiring, useSettings.getState().settings),
      blockedSites: () => useSettings.getState().settings.blockedSites,
      onReport: (report) => {
        if (taskId) useHistory.getState().recordReplay(taskId, report);
      },
    });
    const listen: AgentEventListener = (event) => {
      if (event.type === 'task_started') {
        taskId = event.taskId;
        useHistory.getState().recordReplay(taskId, model.report);
      }
      if (event.type === 'tool_result') model.noteResult(event);
      if (event.type === 'task_finished' && taskId) useHistory.getState().recordReplay(taskId, model.report);
    };
    return { driver: { model, settings: (settings) => settings }, listen };
  }

  #slots(): number {
    return useSettings.getState().settings.tasksAtOnce;
  }

  #newRunner(
    startTabId: number | null,
    newTab?: { url: string | null },
    driver: RunnerDriver | null = null,
  ): TaskRunner {
    const runner = createTaskRunner(this.#wiring, startTabId, newTab, driver);
    runner.controller.subscribe((event: AgentEvent) => {
      for (const listener of this.#listeners) {
        try {
          listener(event);
        } catch {
          // A broken listener must not end the task.
        }
      }
    });
    this.#runners = [runner, ...this.#runners];
    return runner;
  }

  /** The runner is busy until `done` settles; then the next waiting task may start, and old idle runners go. */
  #track(runner: TaskRunner, done: Promise<TaskResult>): Promise<TaskResult> {
    this.#busy.add(runner);
    const free = () => {
      this.#busy.delete(runner);
      this.#wiring.tidyGroups();
      this.#letGoOfOldRunners();
      this.#drain();
    };
    done.then(free, free);
    return done;
  }

  #drain(): void {
    while (this.#queue.length > 0 && this.#busy.size < this.#slots()) {
      const next = this.#queue.shift();
      if (!next) break;
      this.#publishQueue();
      next.run().then(next.settle.resolve, next.settle.reject);
    }
  }

  #letGoOfOldRunners(): void {
    const idle = this.#runners.filter((runner) => !this.#busy.has(runner) && !this.#sessions.has(runner));
    const waitedFor = new Set(this.#queue.map((entry) => entry.followUpOf));
    for (const runner of idle.slice(KEPT_IDLE)) {
      if (waitedFor.has(runner.controller.taskId)) continue;
      runner.dispose();
      this.#runners = this.#runners.filter((kept) => kept !== runner);
    }
  }

  #publishQueue(): void {
    useTaskQueue
      .getState()
      .show(this.#queue.map(({ queueId, instruction, followUpOf, at }) => ({ queueId, instruction, followUpOf, at })));
  }

  #dispose(): void {
    for (const waiting of this.#queue) waiting.settle.resolve(cancelled(waiting));
    this.#queue = [];
    this.#publishQueue();
    for (const runner of this.#runners) runner.controller.interrupt();
  }
}

/** What a waiting task that never started ends with. */
function cancelled(waiting: QueuedTask): TaskResult {
  return {
    taskId: waiting.followUpOf ?? '',
    status: 'stopped',
    summary: 'Taken out of the queue before it started.',
    verified: false,
    stopCause: 'person',
    metrics: emptyMetrics(),
  };
}
