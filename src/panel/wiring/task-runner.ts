// One task's parts, built over the panel's shared adapters: its AgentController (its own conversation, questions, site
// permissions, cost cap and follow-ups), its TabsManager and `Task(<id>)` group, its mask coordinator (the mask and
// its Stop on its own tabs only), its download tracker and its task lock. The panel runs several at once
// (task-host.ts, decision 0029); nothing here is shared with another task but the adapters and the stores, which are
// keyed by task id.

import { AgentController, type AgentModel, type AgentSettings, systemClock } from '../agent';
import { DemoModel } from '../demo/demo-model';
import type { MaskCoordinator } from '../mask/mask-coordinator';
import { useAttachments } from '../store/attachments';
import { taskLockName, useHistory } from '../store/history';
import { useSettings } from '../store/settings';
import { useTaskTabs } from '../store/task-tabs';
import { DownloadTracker } from '../tabs/downloads';
import type { Lease } from '../tabs/ownership/tab-locks';
import type { TabsManager } from '../tabs/ownership/tabs-manager';
import { t } from '../ui/i18n';
import type { AgentWiring } from './agent';
import { showTaskTabs } from './task-tabs-view';

export interface TaskRunner {
  readonly controller: AgentController;
  /** The task's TabsManager once its first run began; null before. */
  manager(): TabsManager | null;
  readonly mask: MaskCoordinator;
  /** Lets go of everything the runner listens to; its task must have ended. */
  dispose(): void;
}

/** A short id for the task, readable in the tab group's title `Task(<id>)`. */
export function newTaskId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 6);
}

export function usesDemoModel(settings: AgentSettings): boolean {
  return settings.apiKey.trim() === '';
}

/** The model the person set up: the offline demo without an API key, else the API's client. */
export function personModel(wiring: AgentWiring, settings: AgentSettings): AgentModel {
  return usesDemoModel(settings) ? new DemoModel({ refusal: t('demoRefusal') }) : wiring.adapters.model(settings);
}

/**
 * What drives a runner whose model is not Steadyhand's: a page-level session of another agent (issue 29), whose turns
 * are the client's calls, or the replay of a saved task (issue 30), whose turns are its steps.
 */
export interface RunnerDriver {
  model: AgentModel;
  /** The session's settings over the person's (read at the start of its run). */
  settings(settings: AgentSettings): AgentSettings;
}

/**
 * Builds one task's runner; `startTabId` is the tab the person looked at when they asked for it (task-start.ts), and
 * `newTab` starts it in a new background tab instead (a task another agent handed over, issue 29); `driver` gives it
 * a model other than Steadyhand's (a page-level session).
 */
export function createTaskRunner(
  wiring: AgentWiring,
  startTabId: number | null,
  newTab?: { url: string | null },
  driver: RunnerDriver | null = null,
): TaskRunner {
  const { adapters, bus, kit } = wiring;
  const scope = new AbortController();
  const signal = AbortSignal.any([wiring.signal, scope.signal]);
  let manager: TabsManager | null = null;
  const mask = kit.createMask(scope.signal);
  const attachedFiles = () => {
    const taskId = controller.taskId;
    return taskId === null ? [] : (useAttachments.getState().byTask[taskId] ?? []);
  };
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

  const controller = new AgentController({
    netRules: adapters.netRules(),
    model: (settings): AgentModel => driver?.model ?? personModel(wiring, settings),
    tabs: ({ taskId, tabStickiness, endOfTaskTabs }) => {
      manager = kit.createTabsManager({
        taskId,
        settings: { tabStickiness, endOfTaskTabs },
        startTabId,
        ...(newTab ? { newTab } : {}),
        onRecord: ({ taskId: id, ...tabs }) => useHistory.getState().recordTabs(id, tabs),
        // The mask comes down while the task still holds its tabs, so it never lands on a tab another task took since.
        beforeLettingGo: () => mask.stop(),
      });
      const view = useTaskTabs.getState();
      showTaskTabs(manager, { bus, view, personTabId: wiring.personTabId }, signal);
      return manager;
    },
    navigation: kit.navigation,
    clock: systemClock,
    settings: () => (driver ? driver.settings(useSettings.getState().settings) : useSettings.getState().settings),
    newId: newTaskId,
    capture: adapters.capture,
    ownOrigin: wiring.ownOrigin,
    files: adapters.taskFiles({ attachments: attachedFiles, tracker, tabs: () => manager }),
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
  holdTaskWhileRunning(controller, wiring);
  controller.subscribe((event) => {
    // The mask follows the run: shown while the agent works (where the rule allows), renewed each step, gone after.
    if (event.type === 'step_started' && manager) {
      if (!mask.inputs().agentRunning) {
        void mask.start({ tabs: manager, onStop: () => controller.stop() });
      } else {
        void mask.renew();
      }
    }
    if (event.type === 'task_finished') void mask.stop();
  });
  return {
    controller,
    manager: () => manager,
    mask,
    dispose() {
      manager?.dispose();
      scope.abort();
      if (manager) useTaskTabs.getState().drop(manager.taskId);
    },
  };
}

/**
 * Holds the task's lock while it runs: another window's panel reading the history sees the task is live and does not
 * show it as interrupted; the browser lets go of the lock if this panel goes away (history-sync.ts).
 */
function holdTaskWhileRunning(controller: AgentController, wiring: AgentWiring): void {
  let held: { taskId: string; lease: Promise<Lease | null> } | null = null;
  controller.subscribe((event) => {
    if (event.type === 'task_started' && held?.taskId !== event.taskId) {
      held = { taskId: event.taskId, lease: wiring.kit.locks.tryTake(taskLockName(event.taskId)) };
    }
    if (event.type === 'task_finished' && held?.taskId === event.taskId) {
      void held.lease.then((lease) => lease?.release());
      held = null;
    }
  });
}
