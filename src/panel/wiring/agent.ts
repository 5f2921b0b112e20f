// Builds the panel's agent over the adapters it is given: the controller over the model (or the offline demo model
// when no key is set), a TabsManager per task, the navigation waits and the mask, and folds its events into the stores.

import {
  AgentController,
  type AgentModel,
  type AgentSettings,
  type CaptureFn,
  type NetRulesPort,
  systemClock,
  type TaskFiles,
} from '../agent';
import type { TaskFilesDeps } from '../chrome/task-files';
import { DemoModel } from '../demo/demo-model';
import { useAttachments } from '../store/attachments';
import { taskLockName, useHistory } from '../store/history';
import { useSettings } from '../store/settings';
import { useTaskTabs } from '../store/task-tabs';
import { DownloadTracker } from '../tabs/downloads';
import type { Lease } from '../tabs/ownership/tab-locks';
import type { TabsManager } from '../tabs/ownership/tabs-manager';
import type { TabEventBus } from '../tabs/tab-event-bus';
import { t } from '../ui/i18n';
import type { TabsKit } from './tabs-kit';
import { showTaskTabs } from './task-tabs-view';

/** The adapters the agent is built over (src/panel/chrome/, and the model client over the network). */
export interface AgentAdapters {
  /** The model a run uses when the settings hold a key (createAnthropicModel); with none, the offline demo model. */
  model(settings: AgentSettings): AgentModel;
  /** The network hold's session rules (chrome/net-rules.ts). */
  netRules: NetRulesPort;
  /** Removes the session rules a panel that closed mid-task left behind. */
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
  signal: AbortSignal;
}

/** A short id for the task, readable in the tab group's title `Task(<id>)`. */
export function newTaskId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 6);
}

export function usesDemoModel(settings: AgentSettings): boolean {
  return settings.apiKey.trim() === '';
}

export function createAgent(wiring: AgentWiring): { controller: AgentController; manager(): TabsManager | null } {
  const { adapters, bus, kit, signal } = wiring;
  let manager: TabsManager | null = null;
  let tabsView: AbortController | null = null;
  const tracker = new DownloadTracker({
    bus,
    taskUrls: async () => {
      if (!controller.isRunning || !manager) return null;
      return (await manager.owned()).map((tab) => tab.url);
    },
    taskTabIds: async () => (controller.isRunning && manager ? (await manager.owned()).map((tab) => tab.tabId) : null),
    requestTabs: wiring.requestTabs,
    signal,
  });

  // A panel that closed mid-task left its session rules behind: no task runs now, so none may hold anything.
  adapters
    .clearStaleNetRules()
    .catch((error: unknown) => console.warn('[steadyhand] could not clear stale network rules:', error));
  const controller = new AgentController({
    netRules: adapters.netRules,
    model: (settings) =>
      usesDemoModel(settings) ? new DemoModel({ refusal: t('demoRefusal') }) : adapters.model(settings),
    tabs: ({ taskId, tabStickiness, endOfTaskTabs }) => {
      manager?.dispose();
      tabsView?.abort();
      manager = kit.createTabsManager({
        taskId,
        settings: { tabStickiness, endOfTaskTabs },
        onRecord: ({ taskId: id, ...tabs }) => useHistory.getState().recordTabs(id, tabs),
      });
      tabsView = new AbortController();
      signal.addEventListener('abort', () => tabsView?.abort(), { once: true });
      showTaskTabs(manager, { bus, view: useTaskTabs.getState(), personTabId: wiring.personTabId }, tabsView.signal);
      return manager;
    },
    navigation: kit.navigation,
    clock: systemClock,
    settings: () => useSettings.getState().settings,
    newId: newTaskId,
    capture: adapters.capture,
    ownOrigin: wiring.ownOrigin,
    files: adapters.taskFiles({ attachments: () => useAttachments.getState().task, tracker, tabs: () => manager }),
    allowSite: (origin) => {
      const settings = useSettings.getState();
      settings.update({ allowedSites: [...settings.settings.allowedSites, origin] });
    },
    actWithoutAsking: (origin) => {
      const settings = useSettings.getState();
      settings.update({ actWithoutAskingSites: [...settings.settings.actWithoutAskingSites, origin] });
    },
  });

  controller.subscribe((event) => useHistory.getState().apply(event));
  holdTaskWhileRunning(controller, kit);
  controller.subscribe((event) => {
    if (event.type === 'task_started' && !event.followUp) tracker.reset();
  });
  controller.subscribe((event) => {
    // The mask follows the run: shown while the agent works (where the rule allows), renewed each step, gone after.
    if (event.type === 'step_started' && manager) {
      if (!kit.mask.inputs().agentRunning) {
        void kit.mask.start({ tabs: manager, onStop: () => controller.stop() });
      } else {
        void kit.mask.renew();
      }
    }
    if (event.type === 'task_finished') void kit.mask.stop();
  });
  return { controller, manager: () => manager };
}

/**
 * Holds the task's lock while it runs: another window's panel reading the history sees the task is live and does not
 * show it as interrupted; the browser lets go of the lock if this panel goes away (history-sync.ts).
 */
function holdTaskWhileRunning(controller: AgentController, kit: TabsKit): void {
  let held: { taskId: string; lease: Promise<Lease | null> } | null = null;
  controller.subscribe((event) => {
    if (event.type === 'task_started' && held?.taskId !== event.taskId) {
      held = { taskId: event.taskId, lease: kit.locks.tryTake(taskLockName(event.taskId)) };
    }
    if (event.type === 'task_finished' && held?.taskId === event.taskId) {
      void held.lease.then((lease) => lease?.release());
      held = null;
    }
  });
}
