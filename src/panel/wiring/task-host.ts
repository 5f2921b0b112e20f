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
  type SiteDecision,
  type TaskResult,
} from '../agent';
import { useSettings } from '../store/settings';
import { type QueuedTask, useTaskQueue } from '../store/task-queue';
import type { AgentWiring } from './agent';
import { createTaskRunner, type TaskRunner } from './task-runner';

/** How a new task starts: its mode, the tab the person looked at when they asked, and who wants to know its id. */
export interface StartOptions {
  autonomy?: AutonomyMode;
  startTabId?: number | null;
  /** Called with the task's id as it starts (at once, or when its turn in the queue comes). */
  onStart?(taskId: string): void;
}

interface Waiting extends QueuedTask {
  run(): Promise<TaskResult>;
  settle: { resolve(result: TaskResult): void; reject(error: unknown): void };
}

/** Runners of ended tasks kept for their follow-ups; older ones are let go (a follow-up then starts anew). */
const KEPT_IDLE = 12;

export class TaskHost {
  readonly #wiring: AgentWiring;
  /** Newest first. */
  #runners: TaskRunner[] = [];
  readonly #busy = new Set<TaskRunner>();
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
    return this.#admit(instruction, null, () => {
      const runner = this.#newRunner(options.startTabId ?? null);
      const done = runner.controller.execute(instruction, options.autonomy ? { autonomy: options.autonomy } : {});
      const taskId = runner.controller.taskId;
      if (taskId !== null) options.onStart?.(taskId);
      return this.#track(runner, done);
    });
  }

  /**
   * Continues `taskId`: a running task takes the instruction at its next step; an ended one runs again on its tabs
   * (now or when a slot frees); a task this panel no longer holds (an earlier panel's) starts anew.
   */
  followUp(taskId: string, instruction: string, options: StartOptions = {}): Promise<TaskResult> {
    const runner = this.runnerOf(taskId);
    if (!runner) return this.execute(instruction, options);
    if (this.#busy.has(runner)) return runner.controller.followUp(instruction);
    return this.#admit(instruction, taskId, () => {
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
    for (const runner of this.#busy) runner.controller.stop();
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
    return [...this.#busy].every((runner) => runner.controller.mayRunOn(url));
  }

  // ---- internals ------------------------------------------------------------------------------------------------

  #admit(instruction: string, followUpOf: string | null, run: () => Promise<TaskResult>): Promise<TaskResult> {
    if (this.#queue.length === 0 && this.#busy.size < this.#slots()) return run();
    return new Promise<TaskResult>((resolve, reject) => {
      this.#nextQueueId += 1;
      const queueId = `q${this.#nextQueueId}`;
      this.#queue.push({ queueId, instruction, followUpOf, at: Date.now(), run, settle: { resolve, reject } });
      this.#publishQueue();
    });
  }

  #slots(): number {
    return useSettings.getState().settings.tasksAtOnce;
  }

  #newRunner(startTabId: number | null): TaskRunner {
    const runner = createTaskRunner(this.#wiring, startTabId);
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
    const idle = this.#runners.filter((runner) => !this.#busy.has(runner));
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
