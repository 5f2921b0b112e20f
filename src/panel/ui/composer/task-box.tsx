import { useEffect, useRef } from 'preact/hooks';
import { useAttachments } from '../../store/attachments';
import { useHistory } from '../../store/history';
import { useSettings } from '../../store/settings';
import { useTaskQueue } from '../../store/task-queue';
import { type ComposeMode, useUi } from '../../store/ui';
import type { PanelCommands } from '../commands';
import { type MessageKey, t } from '../i18n';
import { isSubmitKey } from '../keys';
import { AttachmentChips } from './attachments';
import { TaskMode } from './task-mode';

interface Props {
  commands: PanelCommands;
  /** The thread open in the panel: a follow-up continues it. */
  latest: { taskId: string; status: string } | undefined;
  /** The offline demo plays the tasks: the placeholder does not suggest one it refuses. */
  demo?: boolean;
}

type Action = 'run' | 'followUpRunning' | 'followUpEnded';

const LABEL: Record<Action, MessageKey> = {
  run: 'taskBoxLabelNew',
  followUpRunning: 'taskBoxLabelFollowUp',
  followUpEnded: 'taskBoxLabelContinue',
};
/** The keys, in short, where the person looks: the field's placeholder. The full hint is the field's description. */
const PLACEHOLDER: Record<Action, MessageKey> = {
  run: 'taskPlaceholder',
  followUpRunning: 'taskPlaceholderFollowUp',
  followUpEnded: 'taskPlaceholderContinue',
};
const HINT: Record<Action, MessageKey> = {
  run: 'taskBoxHintNew',
  followUpRunning: 'taskBoxHintFollowUp',
  followUpEnded: 'taskBoxHintContinue',
};
const BUTTON: Record<Action, MessageKey> = {
  run: 'runButton',
  followUpRunning: 'followUpButton',
  followUpEnded: 'continueButton',
};

/**
 * How many tasks this panel runs, when a new one (or an ended one continued) would wait for a free slot: the panel
 * runs as many as "tasks at once" allows, or others already wait. Null when it would start at once.
 */
function useWaitFor(commands: PanelCommands): number | null {
  const running = useHistory((s) =>
    s.order.reduce((n, id) => (s.tasks[id]?.status === 'running' && commands.runsHere(id) ? n + 1 : n), 0),
  );
  const queued = useTaskQueue((s) => s.queued.length);
  const slots = useSettings((s) => s.settings.tasksAtOnce);
  return queued > 0 || running >= slots ? running : null;
}

function actionFor(running: boolean, hasTask: boolean, mode: ComposeMode): Action {
  if (running) return 'followUpRunning';
  return hasTask && mode === 'followUp' ? 'followUpEnded' : 'run';
}

/**
 * The composer, pinned under the thread and kept small, so the thread has the room. Enter runs, Shift+Enter adds a
 * line, Esc stops (from anywhere in the panel: escape-stops.ts). While a task runs, Enter sends a follow-up to it; once
 * it ended, one checkbox says whether Enter continues it on its tabs or starts a new task, and the label says which;
 * "New task" (there while the thread runs too: several tasks run at once) sets the thread aside for an empty one.
 * When the panel already runs as many tasks as the setting allows, a line says the new one will wait its turn. The
 * field grows with its text up to a limit (CSS `field-sizing: content`, thread.css) and takes the focus when it
 * appears: the panel opens with it ready.
 */
export function TaskBox({ commands, latest, demo = false }: Props) {
  const draft = useUi((s) => s.draft);
  const setDraft = useUi((s) => s.setDraft);
  const mode = useUi((s) => s.composeMode);
  const setMode = useUi((s) => s.setComposeMode);
  const running = latest?.status === 'running';
  const action = actionFor(running, latest !== undefined, mode);
  const input = useRef<HTMLTextAreaElement>(null);
  const busy = useWaitFor(commands);
  // A follow-up of the running thread goes to it at once; anything else starts a run, which may have to wait.
  const willWait = action !== 'followUpRunning' && busy !== null;
  // On open (and back from history or settings) the composer has the focus: "press Enter there" works at once.
  useEffect(() => input.current?.focus(), []);

  const submit = () => {
    // Read from the store, not from this render: a box just mounted (back from settings or history) subscribes to
    // the store after the next paint, which a hidden panel delays, so what was typed may not be rendered yet.
    const now = useUi.getState();
    const instruction = now.draft.trim();
    if (!instruction) return;
    if (actionFor(running, latest !== undefined, now.composeMode) === 'run') {
      // The mode picked by the box for this task, if any; then back to the setting's for the next one.
      if (now.taskAutonomy) commands.run(instruction, now.taskAutonomy);
      else commands.run(instruction);
      now.setTaskAutonomy(null);
    } else commands.followUp(instruction);
    setDraft('');
  };

  return (
    <form
      class="card task-box"
      data-testid="task-box"
      data-action={action}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onDragOver={(event) => {
        // Accepting the drag is what lets files be dropped on the composer (the HTML drag-and-drop model).
        if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (files.length === 0) return;
        event.preventDefault();
        useAttachments.getState().add(files);
      }}
    >
      <div class="compose-head">
        <label for="task-input">{t(LABEL[action])}</label>
        {latest && !running && (
          <label class="compose-continue">
            <input
              type="checkbox"
              data-testid="compose-continue"
              checked={mode === 'followUp'}
              onChange={(event) => setMode(event.currentTarget.checked ? 'followUp' : 'new')}
            />
            {t('composeContinue')}
          </label>
        )}
      </div>
      <textarea
        id="task-input"
        ref={input}
        rows={1}
        value={draft}
        placeholder={t(action === 'run' && demo ? 'taskPlaceholderDemo' : PLACEHOLDER[action])}
        aria-describedby={willWait ? 'task-hint task-wait' : 'task-hint'}
        onInput={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (isSubmitKey(event)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <p id="task-hint" class="visually-hidden">
        {t(HINT[action])}
      </p>
      {willWait && (
        <p id="task-wait" class="compose-wait meta" data-testid="compose-will-wait">
          {busy === 1 ? t('composeWillWaitOne') : t('composeWillWait', busy ?? 0)}
        </p>
      )}
      <div class="compose-row">
        <AttachmentChips />
        <div class="compose-actions">
          {action === 'run' && <TaskMode />}
          {running && (
            <button type="button" class="danger" data-testid="stop" onClick={() => commands.stop()}>
              {t('stopButton')}
            </button>
          )}
          {latest && (
            <button
              type="button"
              data-testid="new-task"
              onClick={() => {
                // The newest task is set aside (the open thread may be an older one): the thread is empty, and Enter
                // starts a new task, beside the ones that run.
                useUi.getState().newTask(useHistory.getState().order[0] ?? latest.taskId);
                input.current?.focus();
              }}
            >
              {t('newTask')}
            </button>
          )}
          <button type="submit" class="primary" disabled={draft.trim() === ''}>
            {t(BUTTON[action])}
          </button>
        </div>
      </div>
    </form>
  );
}
