import { useSettings } from '../../store/settings';
import type { QueuedTask } from '../../store/task-queue';
import type { TaskRecord } from '../../store/task-record';
import { type WaitingKind, waitingFor } from '../../store/waiting';
import type { PanelCommands } from '../commands';
import { type MessageKey, t } from '../i18n';
import { formatCost, statusLabel } from '../status-text';
import { activityOf, stepsOfLatestTurn } from '../thread/progress';

const WAITING: Record<WaitingKind, MessageKey> = {
  question: 'threadWaitingQuestion',
  site: 'threadWaitingSite',
  plan: 'threadWaitingPlan',
  consent: 'threadWaitingConsent',
};

/** The first line of what the person asked (a note naming attached files follows it after a blank line). */
function headline(instruction: string): string {
  return instruction.split('\n')[0] ?? '';
}

/**
 * A running task's status in one line, from its record like the progress line over the composer (progress.ts): what
 * it does now, its step against the limit, what it cost so far.
 */
export function statusLineOf(record: TaskRecord, maxSteps: number): string {
  const parts = [activityOf(record), t('progressStep', stepsOfLatestTurn(record), maxSteps)];
  if (record.metrics) parts.push(formatCost(record.metrics.costUsd));
  return parts.join(' · ');
}

interface RowProps {
  record: TaskRecord;
  commands: PanelCommands;
  /** The thread open under the list. */
  open: boolean;
}

/**
 * One task: a button that opens its thread (what it is, whether it waits for the person, where it stands), and for a
 * task this panel runs, its Stop. The open thread's Stop is the composer's, under it: one Stop per task on screen.
 */
export function ThreadRow({ record, commands, open }: RowProps) {
  const maxSteps = useSettings((s) => s.settings.maxSteps);
  const running = record.status === 'running';
  // Another window's panel runs it: this panel shows it (the history is shared) but cannot reach it.
  const elsewhere = running && !commands.runsHere(record.taskId);
  const waiting = waitingFor(record);
  const instruction = headline(record.instructions[0] ?? '');
  return (
    <li
      class="thread-row"
      data-testid="thread-row"
      data-task-id={record.taskId}
      data-status={record.status}
      data-waiting={waiting ?? undefined}
      data-elsewhere={elsewhere ? '' : undefined}
    >
      <button
        type="button"
        class="thread-open"
        data-testid="thread-open"
        aria-current={open ? 'true' : undefined}
        onClick={() => commands.open(record.taskId)}
      >
        <span class="thread-instruction">{instruction}</span>
        {record.from && (
          <span class="thread-from meta" data-testid="thread-from">
            {t('threadFromClient', record.from)}
          </span>
        )}
        {waiting && (
          <span class="thread-waiting" data-testid="thread-waiting">
            {t(WAITING[waiting])}
          </span>
        )}
        <span class="thread-status meta" data-testid="thread-status">
          {running ? statusLineOf(record, maxSteps) : statusLabel(record.status)}
        </span>
        {elsewhere && (
          <span class="thread-elsewhere meta" data-testid="thread-elsewhere">
            {t('threadOtherWindow')}
          </span>
        )}
      </button>
      {running && !elsewhere && !open && (
        <button
          type="button"
          class="danger small"
          data-testid="thread-stop"
          aria-label={t('threadStopLabel', instruction)}
          onClick={() => commands.stop(record.taskId)}
        >
          {t('stopButton')}
        </button>
      )}
    </li>
  );
}

/** A task waiting for a free slot: it has no thread yet, so nothing to open; it can be taken out of the queue. */
export function QueuedRow({ queued, commands }: { queued: QueuedTask; commands: PanelCommands }) {
  const instruction = headline(queued.instruction);
  return (
    <li class="thread-row thread-queued" data-testid="thread-queued" data-queue-id={queued.queueId}>
      <p class="thread-open">
        <span class="thread-instruction">{instruction}</span>
        <span class="thread-status meta">{t(queued.followUpOf ? 'threadQueuedFollowUp' : 'threadQueued')}</span>
      </p>
      <button
        type="button"
        class="small"
        data-testid="thread-cancel"
        aria-label={t('threadCancelLabel', instruction)}
        onClick={() => commands.cancelQueued(queued.queueId)}
      >
        {t('threadCancel')}
      </button>
    </li>
  );
}
