import type { TaskRecord } from '../../store/task-record';
import { useUi } from '../../store/ui';
import type { PanelCommands } from '../commands';
import { type MessageKey, t } from '../i18n';

interface AgainButtonProps {
  testId: string;
  text: MessageKey;
  /** The accessible name, with the task's text: the list has one of each button per task. */
  label: MessageKey;
  instruction: string;
  disabled?: boolean;
  onClick(): void;
}

function AgainButton({ testId, text, label, instruction, disabled = false, onClick }: AgainButtonProps) {
  return (
    <button
      type="button"
      class="small"
      data-testid={testId}
      disabled={disabled}
      aria-label={t(label, instruction)}
      onClick={onClick}
    >
      {t(text)}
    </button>
  );
}

interface Props {
  record: TaskRecord;
  commands: PanelCommands;
  /** A task is running: the agent does one task at a time. */
  busy: boolean;
}

/**
 * A past task's way back: run it again here, run it again on the tab it started on, or copy its text into the
 * composer to edit first.
 */
export function HistoryAgain({ record, commands, busy }: Props) {
  const instruction = record.instructions[0] ?? '';
  const edit = () => {
    const ui = useUi.getState();
    ui.setDraft(instruction);
    ui.setComposeMode('new');
    ui.show('task');
    // The composer mounts with the task view; focus it so the person can edit at once.
    requestAnimationFrame(() => document.getElementById('task-input')?.focus());
  };
  const common = { instruction, disabled: busy };
  return (
    <div class="row history-again">
      <AgainButton
        {...common}
        testId="history-run-again"
        text="runAgain"
        label="runAgainLabel"
        onClick={() => commands.runAgain(record.taskId, 'here')}
      />
      {record.tabs?.initialTabId != null && (
        <AgainButton
          {...common}
          testId="history-run-where-started"
          text="runWhereStarted"
          label="runWhereStartedLabel"
          onClick={() => commands.runAgain(record.taskId, 'start')}
        />
      )}
      <AgainButton
        instruction={instruction}
        testId="history-edit"
        text="editAgain"
        label="editAgainLabel"
        onClick={edit}
      />
    </div>
  );
}
