// The panel's commands (ui/commands.ts) over the agent, the stores and chrome.*.

import {
  type AgentController,
  type AgentSettings,
  attachmentsNote,
  type ConnectionResult,
  checkConnection,
} from '../agent';
import { DEMO_MODEL_ID } from '../demo/demo-model';
import { useAttachments } from '../store/attachments';
import { useHistory } from '../store/history';
import { useSettings } from '../store/settings';
import { buildTrace, traceFileName } from '../store/trace';
import { useUi } from '../store/ui';
import type { TabsManager } from '../tabs/ownership/tabs-manager';
import type { PanelCommands } from '../ui/commands';
import { usesDemoModel } from './agent';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000); // after the download has read it
}

async function testConnection(settings: AgentSettings): Promise<ConnectionResult> {
  if (usesDemoModel(settings)) {
    return { ok: false, message: `No API key: tasks run on the offline demo model (${DEMO_MODEL_ID}).` };
  }
  try {
    return await checkConnection(settings);
  } catch (error) {
    // checkConnection answers every API failure itself; this is anything else (the SDK refusing its options).
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The person's words, and a note naming the files sent with them (never their bytes: decision 0022). */
function withAttachments(instruction: string, fresh: boolean): string {
  const files = useAttachments.getState().send(fresh);
  const note = attachmentsNote(files.map((file) => ({ name: file.name, size: file.size, type: file.type })));
  return note ? `${instruction}\n\n${note}` : instruction;
}

export function panelCommands(controller: AgentController, manager: () => TabsManager | null): PanelCommands {
  const report = (work: Promise<unknown>) => {
    // The task's outcome arrives as events; a refusal to start (a task already running) is the only rejection.
    work.catch((error: unknown) => console.warn('[steadyhand]', error));
  };
  return {
    run: (instruction, autonomy) =>
      report(controller.execute(withAttachments(instruction, true), autonomy ? { autonomy } : {})),
    runAgain(taskId, where) {
      const record = useHistory.getState().tasks[taskId];
      const instruction = record?.instructions[0];
      if (!instruction) return;
      useAttachments.setState({ task: [] });
      useUi.getState().show('task');
      const startTab = where === 'start' ? record.tabs?.initialTabId : undefined;
      // The task starts on the person's active tab in the panel's window: bring the old start tab forward first, if
      // it is still open there. Gone, or in another window, the task runs where the person is.
      const ready =
        startTab === undefined || startTab === null
          ? Promise.resolve()
          : chrome.tabs
              .get(startTab)
              .then(async (tab) => {
                const here = await chrome.windows.getCurrent();
                if (tab.windowId === here.id) await chrome.tabs.update(startTab, { active: true });
              })
              .catch(() => {});
      report(ready.then(() => controller.execute(instruction)));
    },
    followUp(instruction) {
      // A task from an earlier panel cannot be resumed (its conversation ended with that panel): start anew.
      const fresh = controller.taskId === null;
      const message = withAttachments(instruction, fresh);
      if (fresh) report(controller.execute(message));
      else report(controller.followUp(message));
    },
    stop: () => controller.stop(),
    answer: (questionId, reply) => void controller.answer(questionId, reply),
    answerPermission: (requestId, decision) => void controller.answerPermission(requestId, decision),
    answerPlan: (planId, answer) => void controller.answerPlan(planId, answer),
    answerConsent: (requestId, decision) => void controller.answerConsent(requestId, decision),
    focusTab(tabId) {
      void chrome.tabs
        .update(tabId, { active: true })
        .then((tab) => tab && chrome.windows.update(tab.windowId, { focused: true }))
        .catch(() => {});
    },
    exportTrace(taskId) {
      const record = useHistory.getState().tasks[taskId];
      if (!record) return;
      const trace = buildTrace(record, useSettings.getState().settings, {
        version: chrome.runtime.getManifest().version,
      });
      download(traceFileName(record), JSON.stringify(trace, null, 2));
    },
    releaseTabs(taskId, how) {
      const current = manager();
      if (current && current.taskId === taskId && !controller.isRunning) void current.endRun(how);
    },
    saveSettings: async (patch) => useSettings.getState().update(patch),
    testConnection,
  };
}
