// What the panel's tasks are built over: the adapters (src/panel/chrome/, and the model client over the network) and
// the panel's shared machinery. Each task's runner (task-runner.ts) takes its parts from here; the host
// (task-host.ts) runs several at once.

import type { AgentModel, AgentSettings, CaptureFn, NetRulesPort, TaskFiles } from '../agent';
import type { TaskFilesDeps } from '../chrome/task-files';
import type { TabEventBus } from '../tabs/tab-event-bus';
import type { TabsKit } from './tabs-kit';

/** The adapters the agent is built over (src/panel/chrome/, and the model client over the network). */
export interface AgentAdapters {
  /** The model a run uses when the settings hold a key (createAnthropicModel); with none, the offline demo model. */
  model(settings: AgentSettings): AgentModel;
  /** A port over the network hold's session rules for one task (chrome/net-rules.ts): each task replaces only its own. */
  netRules(): NetRulesPort;
  /** Removes the session rules a panel that closed mid-task left behind (those of tabs no live task holds). */
  clearStaleNetRules(): Promise<void>;
  /** The task's files over its attachments, downloads and tabs (chrome/task-files.ts §createTaskFiles). */
  taskFiles(deps: TaskFilesDeps): TaskFiles;
  /** Screenshots of the agent's tab (chrome/capture.ts). */
  capture: CaptureFn;
}

export interface AgentWiring {
  adapters: AgentAdapters;
  bus: TabEventBus;
  kit: TabsKit;
  ownOrigin: string;
  personTabId(): Promise<number | null>;
  /** The tabs that requested a URL lately: a download goes only to the task whose tab started it. */
  requestTabs(url: string): readonly number[];
  /** After a task ends: only the newest groups of ended tasks stay (tabs/ownership/kept-groups.ts). */
  tidyGroups(): void;
  signal: AbortSignal;
}
