// What a page-level session (src/panel/delegation/sessions/, issue 29) needs of the panel's task host: a task of its
// own whose model is the client. The host (task-host.ts §TaskHost.openSession) runs it as it runs any task: its TabsManager and
// `Task(<id>)` group, its mask, its site permissions and consent gate, its row in the thread list, Stop.

import type { AgentEventListener, AgentModel, AgentSettings, TaskClient, TaskResult } from '../agent';

export interface SessionStart {
  /** The client the session is for: the task is its (shown "from" it; its consequential steps ask the person). */
  client: TaskClient;
  /** The line the thread list and the history show for it (the person's language). */
  instruction: string;
  /** The client, as the loop's model: each turn is the client's call (client-model.ts). */
  model: AgentModel;
  /** The session's settings over the person's. */
  settings(settings: AgentSettings): AgentSettings;
  /** The task's events, from its first (subscribed before the task starts). */
  onEvent: AgentEventListener;
}

/** A running session task, as the host started it. */
export interface SessionRun {
  readonly taskId: string;
  /** Settles when the task ends: closed, stopped in the panel, its tab gone, its panel gone. */
  readonly done: Promise<TaskResult>;
  /** Ends the task as the panel's Stop does: the mask comes down, the locks go, the group is closed or kept. */
  stop(): void;
  /** Whether the tab is one of the task's own now (a tab the person dragged out of the group no longer is). */
  owns(tabId: number): boolean;
}

export interface SessionHost {
  openSession(start: SessionStart): SessionRun;
}
