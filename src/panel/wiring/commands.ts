// The panel's commands (ui/commands.ts) over the host of its tasks (task-host.ts), the stores and the browser (an
// adapter: chrome/person-tabs.ts). A command about a task reaches that task only: the thread open in the panel, or
// the task the component names.

import { type AgentSettings, attachmentsNote, type ConnectionResult, checkConnection, type SavedTask } from '../agent';
import { DEMO_MODEL_ID } from '../demo/demo-model';
import { type Attachment, useAttachments } from '../store/attachments';
import { useHistory } from '../store/history';
import { usePageView } from '../store/page-view';
import { savedTaskFrom } from '../store/saved-from-record';
import { useSavedTasks } from '../store/saved-tasks';
import { useSettings } from '../store/settings';
import { buildTrace, traceFileName } from '../store/trace';
import { useUi } from '../store/ui';
import type { PanelCommands } from '../ui/commands';
import { replayStart } from './saved-runs';
import type { StartOptions, TaskHost } from './task-host';
import { usesDemoModel } from './task-runner';

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
function withAttachments(instruction: string, sent: readonly Attachment[]): string {
  const note = attachmentsNote(sent.map(({ file }) => ({ name: file.name, size: file.size, type: file.type })));
  return note ? `${instruction}\n\n${note}` : instruction;
}

/** `steadyhand-saved-<title>.json` for one saved task, `steadyhand-saved-tasks.json` for all. */
function savedFileName(one: SavedTask | undefined): string {
  if (!one) return 'steadyhand-saved-tasks.json';
  const slug = one.title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `steadyhand-saved-${slug || one.id}.json`;
}

/** The thread open in the panel: the one the person picked, else the newest task. */
export function openTaskId(): string | null {
  return useUi.getState().openTaskId ?? useHistory.getState().order[0] ?? null;
}

/** What the commands ask of the browser: its adapter is src/panel/chrome/person-tabs.ts. */
export interface CommandsBrowser {
  /** Makes the tab the active one of its window if that is the panel's window; rejects when the tab is gone. */
  showIfInThisWindow(tabId: number): Promise<void>;
  /** Makes the tab active and its window focused. */
  focus(tabId: number): Promise<void>;
  /** The extension's version (the manifest's), written into an exported trace. */
  version(): string;
}

export function panelCommands(host: TaskHost, browser: CommandsBrowser): PanelCommands {
  const report = (work: Promise<unknown>) => {
    // The task's outcome arrives as events; a refusal to start is the only rejection.
    work.catch((error: unknown) => console.warn('[steadyhand]', error));
  };
  /**
   * A new task on the tab the person is looking at (or `startTabId`). Opened in the panel if it starts at once; one
   * that waited in the queue does not take the open thread from the person when its turn comes.
   */
  const start = (instruction: string, sent: readonly Attachment[], options: StartOptions = {}) => {
    let now = true;
    const done = host.execute(withAttachments(instruction, sent), {
      startTabId: usePageView.getState().tabId,
      ...options,
      onStart: (taskId) => {
        useAttachments.getState().attach(taskId, sent);
        if (now) useUi.getState().open(taskId);
      },
    });
    now = false;
    return done;
  };
  return {
    run: (instruction, autonomy) =>
      report(start(instruction, useAttachments.getState().send(), autonomy ? { autonomy } : {})),
    runAgain(taskId, where) {
      const record = useHistory.getState().tasks[taskId];
      const instruction = record?.instructions[0];
      if (!instruction) return;
      useUi.getState().show('task');
      const startTab = where === 'start' ? record.tabs?.initialTabId : undefined;
      // The task starts on the person's active tab in the panel's window: bring the old start tab forward first, if
      // it is still open there. Gone, or in another window, the task runs where the person is.
      const ready =
        startTab === undefined || startTab === null
          ? Promise.resolve()
          : browser.showIfInThisWindow(startTab).catch(() => {});
      report(ready.then(() => start(instruction, [], { startTabId: null })));
    },
    followUp(instruction) {
      const taskId = openTaskId();
      const sent = useAttachments.getState().send();
      const message = withAttachments(instruction, sent);
      if (taskId === null) {
        report(start(instruction, sent));
        return;
      }
      useAttachments.getState().attach(taskId, sent);
      // A task from an earlier panel cannot be resumed (its conversation ended with that panel): the host starts anew.
      report(
        host.followUp(taskId, message, {
          startTabId: usePageView.getState().tabId,
          onStart: (id) => useUi.getState().open(id),
        }),
      );
    },
    stop(taskId) {
      const target = taskId ?? openTaskId();
      if (target !== null) host.stop(target);
    },
    cancelQueued: (queueId) => host.cancel(queueId),
    open: (taskId) => useUi.getState().open(taskId),
    runsHere: (taskId) => host.runnerOf(taskId) !== null,
    answer: (questionId, reply) => void host.answer(questionId, reply),
    answerPermission: (requestId, decision) => void host.answerPermission(requestId, decision),
    answerPlan: (planId, answer) => void host.answerPlan(planId, answer),
    answerConsent: (requestId, decision) => void host.answerConsent(requestId, decision),
    focusTab(tabId) {
      void browser.focus(tabId).catch(() => {});
    },
    exportTrace(taskId) {
      const record = useHistory.getState().tasks[taskId];
      if (!record) return;
      const trace = buildTrace(record, useSettings.getState().settings, {
        version: browser.version(),
      });
      download(traceFileName(record), JSON.stringify(trace, null, 2));
    },
    releaseTabs(taskId, how) {
      const runner = host.runnerOf(taskId);
      const manager = runner?.manager();
      if (runner && manager && !runner.controller.isRunning) void manager.endRun(how);
    },
    saveTask(taskId, choices) {
      const record = useHistory.getState().tasks[taskId];
      if (!record) return { refused: { code: 'gone' } };
      const made = savedTaskFrom(record, choices, crypto.randomUUID().slice(0, 8), Date.now());
      if ('refused' in made) return made;
      useSavedTasks.getState().add(made.saved);
      return { savedId: made.saved.id };
    },
    runSaved(savedId, given, where) {
      const saved = useSavedTasks.getState().tasks.find((task) => task.id === savedId);
      if (!saved) return;
      useUi.getState().show('task');
      const { instruction, options } = replayStart(saved, given, where);
      report(start(instruction, [], options));
    },
    exportSaved(savedId) {
      const tasks = useSavedTasks.getState().tasks;
      const one = savedId ? tasks.find((task) => task.id === savedId) : undefined;
      if (savedId && !one) return;
      download(savedFileName(one), useSavedTasks.getState().exportFile(savedId));
    },
    saveSettings: async (patch) => useSettings.getState().update(patch),
    testConnection,
  };
}
