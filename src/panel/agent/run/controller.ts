// AgentController: the one object the panel talks to. execute() starts a task, followUp() continues it on the same
// tabs with the same history, stop() ends the running step at once, answer() replies to ask_user, answerPermission()
// to a site permission question, answerConsent() to a consequential step's question and answerPlan() to a plan
// (person-questions.ts). Everything that happens is told through typed events (events.ts) that a store turns into UI
// state and a task record. Each run gets its context (run-context.ts) built here once.

import { SteadyhandError } from '../../../shared/errors';
import { safeParseOrigin } from '../../../shared/urls';
import type { AgentTabs, Navigation } from '../core/ports';
import type { AgentSettings, AutonomyMode, EndTabAction } from '../core/settings';
import { type Clock, realSleep, type Sleep } from '../core/time';
import type { AgentModel } from '../model/agent-model';
import { ProofLedger } from '../proof/proof-ledger';
import type { ConsentDecision } from '../sites/consent';
import { NetHold, type NetRulesPort } from '../sites/net-hold';
import type { PlanAnswer, PlannedChange } from '../sites/plan';
import type { SiteDecision } from '../sites/site-access';
import { endingFor, type StopReason } from '../task/endings';
import type { AgentEvent, AgentEventListener, TaskResult } from '../task/events';
import type { TaskFiles } from '../task/files';
import type { TaskClient, TaskState } from '../task/task-state';
import type { CaptureFn } from '../tools/types';
import { type Ending, Run } from './loop';
import { PersonQuestions } from './person-questions';
import { newNonce } from './prompt';
import type { RunContext } from './run-context';

/** What a task's tabs are created with: its id and the tab switches of the settings it started with. */
export interface TaskTabsOptions {
  taskId: string;
  tabStickiness: boolean;
  endOfTaskTabs: EndTabAction;
}

export interface AgentControllerDeps {
  /** The model, or how to build it from the settings of a run (key, base URL and model may change between runs). */
  model: AgentModel | ((settings: AgentSettings) => AgentModel);
  /**
   * The agent's tabs, or how to create them for a new task (a TabsManager per task, which needs the task id and
   * the stickiness setting). Follow-ups reuse the task's tabs.
   */
  tabs: AgentTabs | ((task: TaskTabsOptions) => AgentTabs);
  navigation: Navigation;
  clock: Clock;
  /** Read at the start of every run, so a changed setting applies to the next instruction. */
  settings: AgentSettings | (() => AgentSettings);
  newId: () => string;
  /** Screenshots for the vision setting; absent means screenshots fail with a message saying so. */
  capture?: CaptureFn;
  sleep?: Sleep;
  /** chrome-extension://<id>: the panel's own pages are not restricted. */
  ownOrigin?: string;
  /** Nonce for the untrusted-content markers; random by default. */
  nonce?: () => string;
  /** The task's attached files and downloads, for upload_file and the downloads the agent is told about. */
  files?: TaskFiles;
  /** The network hold's rules (net-hold.ts); absent: nothing is held before the request (unit tests). */
  netRules?: NetRulesPort;
  /** Persists an "Always allow this site" answer: adds the origin to the allow-list in settings. */
  allowSite?: (origin: string) => void;
  /** Persists an "Always on this site" answer to a consequential step: adds it to the act-without-asking list. */
  actWithoutAsking?: (origin: string) => void;
}

/** How a task starts: in "Ask before acting" or "Act without asking" (absent: as the settings say). */
export interface TaskOptions {
  autonomy?: AutonomyMode;
  /** Another agent handed the task over MCP (issue 29); absent for the person's own. */
  client?: TaskClient;
}

/** What a run's context is built from besides the task and the controller's dependencies. */
interface RunParts {
  settings: AgentSettings;
  signal: AbortSignal;
  model: AgentModel;
  tabs: AgentTabs;
  hold: NetHold | null;
}

interface ActiveRun {
  abort: AbortController;
  reason: StopReason | null;
  /** Set once the run's steps have started; takes instructions added while it goes on. */
  run: Run | null;
  done: Promise<TaskResult> | null;
}

/**
 * The page the task starts on: the committed URL of the agent's tab once the run has taken it (a navigation still in
 * flight has not shown the person anything yet, so it is no start site), or null without a tab.
 */
async function startPage(tabs: AgentTabs): Promise<string | null> {
  const tabId = tabs.currentTabId;
  const tab = tabId === null ? null : await tabs.getTab(tabId);
  return tab?.url || null;
}

export class AgentController {
  readonly #deps: AgentControllerDeps;
  readonly #listeners = new Set<AgentEventListener>();
  readonly #person: PersonQuestions;
  #task: TaskState | null = null;
  #tabs: AgentTabs | null = null;
  #active: ActiveRun | null = null;
  #modelId: string | null = null;

  constructor(deps: AgentControllerDeps) {
    this.#deps = deps;
    const { clock, newId, allowSite, actWithoutAsking } = deps;
    this.#person = new PersonQuestions({ clock, newId, allowSite, actWithoutAsking, emit: (e) => this.#emit(e) });
  }

  /** Listens to every event; returns the unsubscribe function. */
  subscribe(listener: AgentEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get taskId(): string | null {
    return this.#task?.taskId ?? null;
  }

  get isRunning(): boolean {
    return this.#active !== null;
  }

  /**
   * Whether the extension may run its content script (and show its mask) on a document at `url`: only where the
   * task's site rules allow the origin now, never on a blocked site or one still waiting for the person's answer
   * (decision 0025). True before any task, and for URLs without an origin (the injection refuses browser
   * pages itself).
   */
  mayRunOn(url: string): boolean {
    const sites = this.#task?.sites;
    const origin = safeParseOrigin(url);
    if (!sites || !origin) return true;
    // Reading is enough to need the script: a page allowed to read only is observed through it.
    return sites.verdict(origin, 'read').kind === 'allowed';
  }

  /**
   * The changes the person approved ahead in the current task's plans ("Ask before acting"), for the consent gate:
   * exactly these steps pass without a question. Empty in "Act without asking".
   */
  get plannedChanges(): readonly PlannedChange[] {
    return this.#task?.plan.changes ?? [];
  }

  /**
   * Starts a new task on the agent's tab; resolves when it ends, never rejects for anything the task meets. The
   * task's mode (`options.autonomy`, else the settings') holds for its follow-ups.
   */
  execute(instruction: string, options: TaskOptions = {}): Promise<TaskResult> {
    this.#assertIdle();
    const task = this.#person.newTask(options.autonomy ?? this.#settings().autonomy, options.client);
    this.#task = task;
    this.#tabs = null;
    return this.#run(task, instruction, false);
  }

  /**
   * Continues the current task (same tabs, same history) with another instruction. While a run goes on, the
   * instruction joins it at its next step and the promise is that run's.
   */
  followUp(instruction: string): Promise<TaskResult> {
    const task = this.#task;
    if (!task) throw new SteadyhandError('invalid_argument', 'There is no task to follow up: start one first.');
    const active = this.#active;
    if (active?.run && active.done) {
      active.run.addInstruction(instruction);
      task.sites.addInstruction(instruction);
      const model = this.#modelId ?? '';
      this.#emit({
        type: 'task_started',
        taskId: task.taskId,
        instruction,
        followUp: true,
        model,
        at: this.#deps.clock.now(),
      });
      return active.done;
    }
    this.#assertIdle();
    return this.#run(task, instruction, true);
  }

  /** The person pressed Stop: the running step ends at once, the task ends as `stopped`. */
  stop(): void {
    this.#abort('person');
  }

  /** The panel is going away: the task ends as `interrupted`. */
  interrupt(): void {
    this.#abort('interrupted');
  }

  /** Replies to an ask_user question; false when no such question is waiting. */
  answer(questionId: string, reply: string): boolean {
    return this.#person.questions.reply(questionId, reply);
  }

  /** Replies to a site permission question; false when no such question is waiting. */
  answerPermission(requestId: string, decision: SiteDecision): boolean {
    return this.#person.permissions.reply(requestId, decision);
  }

  /** Answers a proposed plan: approved (as the person edited it) or cancelled; false when no such plan waits. */
  answerPlan(planId: string, answer: PlanAnswer): boolean {
    return this.#person.plans.reply(planId, answer);
  }

  #settings(): AgentSettings {
    const { settings } = this.#deps;
    return typeof settings === 'function' ? settings() : settings;
  }

  /** Replies to a consequential step's question; false when no such question is waiting. */
  answerConsent(requestId: string, decision: ConsentDecision): boolean {
    return this.#person.consents.reply(requestId, decision);
  }

  #tabsFor(task: TaskState, settings: AgentSettings): AgentTabs {
    if (!this.#tabs) {
      const { tabs } = this.#deps;
      this.#tabs =
        typeof tabs === 'function'
          ? tabs({ taskId: task.taskId, tabStickiness: settings.tabStickiness, endOfTaskTabs: settings.endOfTaskTabs })
          : tabs;
    }
    return this.#tabs;
  }

  #assertIdle(): void {
    if (this.#active) {
      throw new SteadyhandError(
        'invalid_argument',
        'A task is running: stop it or wait for it before starting another.',
      );
    }
  }

  #abort(reason: StopReason): void {
    const active = this.#active;
    if (!active || active.abort.signal.aborted) return;
    active.reason = reason;
    active.abort.abort();
  }

  #emit(event: AgentEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A broken view must not end the task; the events it missed are still in the task record.
      }
    }
  }

  /**
   * The run's context, built once as the run begins: the loop, the model call and every tool read this one object
   * (run-context.ts).
   */
  #runContext(task: TaskState, parts: RunParts): RunContext {
    const deps = this.#deps;
    const { settings, signal, model, tabs, hold } = parts;
    return {
      task,
      signal,
      model,
      tabs,
      settings,
      navigation: deps.navigation,
      clock: deps.clock,
      sleep: deps.sleep ?? realSleep,
      capture: deps.capture,
      ownOrigin: deps.ownOrigin,
      files: deps.files,
      sites: task.sites,
      ...(task.consent ? { consent: task.consent } : {}),
      ...(hold ? { hold } : {}),
      // Each instruction proves its own outcome: what an earlier one brought about is its baseline (decision 0024).
      proof: new ProofLedger(),
      emit: (event) => this.#emit(event),
      ask: (step, question) => this.#person.ask(task, step, question, signal),
      proposePlan: (step, plan) => this.#person.proposePlan(task, step, plan, signal),
      nonce: deps.nonce ?? newNonce,
    };
  }

  #run(task: TaskState, instruction: string, followUp: boolean): Promise<TaskResult> {
    // The task's mode, not the setting's now: the tools and the system prompt follow it for the task's life.
    const settings: AgentSettings = { ...this.#settings(), autonomy: task.autonomy };
    const active: ActiveRun = { abort: new AbortController(), reason: null, run: null, done: null };
    this.#active = active;
    const done = this.#execute(task, instruction, followUp, settings, active);
    active.done = done;
    return done;
  }

  async #execute(
    task: TaskState,
    instruction: string,
    followUp: boolean,
    settings: AgentSettings,
    active: ActiveRun,
  ): Promise<TaskResult> {
    const deps = this.#deps;
    const signal = active.abort.signal;
    const firstStep = task.step + 1;
    let model: AgentModel | null = null;
    let run: Run | null = null;
    let ending: Ending;
    let tabs: AgentTabs | null = null;
    let hold: NetHold | null = null;
    const holding = new AbortController();
    try {
      model = typeof deps.model === 'function' ? deps.model(settings) : deps.model;
      this.#modelId = model.modelId;
      const at = deps.clock.now();
      const { apiKey: _key, ...safeSettings } = settings;
      this.#emit({
        type: 'task_started',
        taskId: task.taskId,
        instruction,
        followUp,
        model: model.modelId,
        at,
        settings: safeSettings,
        ...(task.client ? { client: task.client.name } : {}),
      });
      // The lists first: beginning the run scripts the task's tabs, and only where these rules allow (mayRunOn).
      task.sites.useLists(settings.allowedSites, settings.blockedSites);
      task.consent?.useList(settings.actWithoutAskingSites);
      task.consent?.askEveryStep(task.client !== undefined && settings.askBeforeActingForAgents);
      // Another agent's words allow no site (issue 29): the sites it needs are asked in the panel. A follow-up typed
      // in the panel is the person's own.
      if (!task.client || followUp) task.sites.addInstruction(instruction);
      tabs = this.#tabsFor(task, settings);
      await tabs.beginRun();
      // Nor is the page another agent had the task start on a start site: the person did not choose it.
      if (!followUp && !task.client) task.sites.startOn(await startPage(tabs));
      task.conversation.begin(instruction, followUp);
      const runTabs = tabs;
      hold = deps.netRules
        ? new NetHold(
            deps.netRules,
            task.sites,
            async () => (await runTabs.owned()).map((tab) => tab.tabId),
            holding.signal,
          )
        : null;
      // Held for the whole run, the model's thinking included: a page that sends itself (or a form the agent filled)
      // to another site while the model thinks is held like one the agent's action started.
      await hold?.arm();
      run = new Run(this.#runContext(task, { settings, signal, model, tabs, hold }));
      active.run = run;
      ending = await run.execute();
    } catch (error) {
      ending = endingFor(error, active.reason, signal, task.step - firstStep + 1);
    }
    this.#active = null;
    run?.tickWall();
    holding.abort();
    try {
      // The rules go with the run: the person's browsing in these tabs is never held.
      await hold?.release();
    } catch {
      // The panel clears stale rules when it starts (src/panel/chrome/net-rules.ts).
    }
    try {
      await tabs?.endRun(settings.endOfTaskTabs);
    } catch {
      // Grouping or closing tabs afterwards must not change how the task ended.
    }
    const result: TaskResult = { taskId: task.taskId, ...ending, metrics: task.metrics.snapshot() };
    this.#emit({ type: 'task_finished', ...result });
    return result;
  }
}
