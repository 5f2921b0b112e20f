// Builds the panel's agent: the controller over the real model (or the offline demo model when no key is set), a
// TabsManager per task, the navigation waits and the mask, and folds its events into the stores.

import { AgentController, type AgentSettings, createAnthropicModel, systemClock } from '../agent';
import { chromeNetRules, clearStaleRules } from '../chrome/net-rules';
import { createTaskFiles } from '../chrome/task-files';
import { DemoModel } from '../demo/demo-model';
import { useAttachments } from '../store/attachments';
import { useHistory } from '../store/history';
import { useSettings } from '../store/settings';
import { useTaskTabs } from '../store/task-tabs';
import { DownloadTracker } from '../tabs/downloads';
import type { TabsManager } from '../tabs/ownership/tabs-manager';
import type { TabEventBus } from '../tabs/tab-event-bus';
import { t } from '../ui/i18n';
import { captureAgentTab } from './capture';
import type { TabsKit } from './tabs-kit';
import { showTaskTabs } from './task-tabs-view';

export interface AgentWiring {
  bus: TabEventBus;
  kit: TabsKit;
  ownOrigin: string;
  personTabId(): Promise<number | null>;
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
  const { bus, kit, signal } = wiring;
  let manager: TabsManager | null = null;
  let tabsView: AbortController | null = null;
  const tracker = new DownloadTracker({
    bus,
    taskUrls: async () => {
      if (!controller.isRunning || !manager) return null;
      return (await manager.owned()).map((tab) => tab.url);
    },
    signal,
  });

  // A panel that closed mid-task left its session rules behind: no task runs now, so none may hold anything.
  clearStaleRules().catch((error: unknown) => console.warn('[steadyhand] could not clear stale network rules:', error));
  const controller = new AgentController({
    netRules: chromeNetRules(),
    model: (settings) =>
      usesDemoModel(settings) ? new DemoModel({ refusal: t('demoRefusal') }) : createAnthropicModel(settings),
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
    capture: captureAgentTab,
    ownOrigin: wiring.ownOrigin,
    files: createTaskFiles({ attachments: () => useAttachments.getState().task, tracker, tabs: () => manager }),
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
