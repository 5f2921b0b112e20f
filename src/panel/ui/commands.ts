// What the panel's components can ask for. wiring/commands.ts implements it over the AgentController, TabsManager and
// chrome.*; component tests implement it with spies. Components never reach chrome.* or the agent directly.

import type {
  AgentSettings,
  AutonomyMode,
  ConnectionResult,
  ConsentDecision,
  PlanAnswer,
  SiteDecision,
} from '../agent';
import type { SaveChoices, SaveRefusal } from '../store/saved-from-record';

export interface PanelCommands {
  /**
   * Starts a new task in the tab the person is looking at (or queues it when the panel already runs as many tasks as
   * the setting allows); `autonomy` is the mode chosen for it (absent: the setting's). Its follow-ups keep it.
   */
  run(instruction: string, autonomy?: AutonomyMode): void;
  /**
   * Runs a past task's instruction again as a new task: on the tab the person is looking at, or (`start`) on the tab it
   * started on when that tab is still open in the panel's window.
   */
  runAgain(taskId: string, where: 'here' | 'start'): void;
  /**
   * Continues the thread open in the panel on its tabs: a running task takes it at its next step; an ended one runs
   * again (or waits its turn when the panel already runs as many tasks as the setting allows).
   */
  followUp(instruction: string): void;
  /** Stops a task: the one named, else the thread open in the panel. */
  stop(taskId?: string): void;
  /** Takes a task that waits for a free slot out of the queue (useTaskQueue). */
  cancelQueued(queueId: string): void;
  /** Opens a task's thread in the panel. */
  open(taskId: string | null): void;
  /**
   * Whether this panel runs the task. A running record it does not run is another window's panel's (the history is
   * shared): the thread list shows it, but this panel can neither stop it nor follow it up.
   */
  runsHere(taskId: string): boolean;
  /** Answers the agent's ask_user question. */
  answer(questionId: string, reply: string): void;
  /** Answers a site permission question: allow once (this task), always (the allow-list), or deny. */
  answerPermission(requestId: string, decision: SiteDecision): void;
  /** Answers the plan the agent proposed in "Ask before acting": approved (as edited) or cancelled. */
  answerPlan(planId: string, answer: PlanAnswer): void;
  /** Answers a consequential step's question: allow once, deny, not again on this site for this task, or always. */
  answerConsent(requestId: string, decision: ConsentDecision): void;
  /** Brings a tab (and its window) to the front. */
  focusTab(tabId: number): void;
  /** Downloads the task's JSON trace (docs/trace-format.md). */
  exportTrace(taskId: string): void;
  /** After a task: ungroup, or close, the tabs the agent opened. */
  releaseTabs(taskId: string, how: 'ungroup' | 'close'): void;
  saveSettings(patch: Partial<AgentSettings>): Promise<void>;
  /** Keeps a verified task of the history as a saved task (issue 30), or says why it cannot be saved. */
  saveTask(taskId: string, choices: SaveChoices): { savedId: string } | { refused: SaveRefusal };
  /**
   * Replays a saved task with these values of its variables: on the tab the person is looking at, or in a new
   * background tab of its own group opened on the saved start page.
   */
  runSaved(savedId: string, values: Record<string, string>, where: 'here' | 'new'): void;
  /** Downloads one saved task as a file, or all of them. */
  exportSaved(savedId?: string): void;
  /** Lists the models these settings reach (or, where the endpoint has no list, makes one tiny call). */
  testConnection(settings: AgentSettings): Promise<ConnectionResult>;
}
