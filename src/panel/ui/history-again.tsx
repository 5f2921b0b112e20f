import type { TaskRecord } from '../store/task-record';
import { useUi } from '../store/ui';
import type { PanelCommands } from './commands';
import { t } from './i18n';

/**
 * A past task's way back: run it again here, run it again on the tab it started on, or copy its text into the
 * composer to edit first. Not while a task runs (the agent does one task at a time).
 */
export function HistoryAgain({
  record,
  commands,
  busy,
}: {
  record: TaskRecord;
  commands: PanelCommands;
  busy: boolean;
}) {
  const instruction = record.instructions[0] ?? '';
  const edit = () => {
    const ui = useUi.getState();
    ui.setDraft(instruction);
    ui.setComposeMode('new');
    ui.show('task');
    // The composer mounts with the task view; focus it so the person can edit at once.
    requestAnimationFrame(() => document.getElementById('task-input')?.focus());
  };
  return (
    <div class="row history-again">
      <button
        type="button"
        class="small"
        data-testid="history-run-again"
        disabled={busy}
        aria-label={t('runAgainLabel', instruction)}
        onClick={() => commands.runAgain(record.taskId, 'here')}
      >
        {t('runAgain')}
      </button>
      {record.tabs?.initialTabId != null && (
        <button
          type="button"
          class="small"
          data-testid="history-run-where-started"
          disabled={busy}
          aria-label={t('runWhereStartedLabel', instruction)}
          onClick={() => commands.runAgain(record.taskId, 'start')}
        >
          {t('runWhereStarted')}
        </button>
      )}
      <button
        type="button"
        class="small"
        data-testid="history-edit"
        aria-label={t('editAgainLabel', instruction)}
        onClick={edit}
      >
        {t('editAgain')}
      </button>
    </div>
  );
}
