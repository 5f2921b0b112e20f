import { useState } from 'preact/hooks';
import { useHistory } from '../../store/history';
import type { TaskRecord } from '../../store/task-record';
import { useUi } from '../../store/ui';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';
import { SaveTaskForm } from '../saved/save-form';
import { statusLabel, stepCount, uiLocale, usageParts } from '../status-text';
import { TaskCard } from '../thread/task-card';
import { HistoryAgain } from './history-again';

interface ItemProps {
  record: TaskRecord;
  commands: PanelCommands;
  /** A task is running: nothing can be run again until it ends. */
  busy: boolean;
}

/** Steps, tokens and what the task cost (marked up on its own, so the list can be scanned for it). */
function Usage({ record }: { record: TaskRecord }) {
  if (!record.metrics) return <>{stepCount(record.steps.length)}</>;
  const { before, cost, after } = usageParts(record.metrics);
  return (
    <>
      {before}
      <span class="history-cost" data-testid="history-cost">
        {cost}
      </span>
      {after}
    </>
  );
}

function HistoryItem({ record, commands, busy }: ItemProps) {
  const select = useUi((s) => s.select);
  const remove = useHistory((s) => s.remove);
  const running = record.status === 'running';
  const instruction = record.instructions[0] ?? '';
  return (
    <li class="history-item" data-testid="history-item" data-task-id={record.taskId} data-status={record.status}>
      <button type="button" class="history-open" data-testid="history-open" onClick={() => select(record.taskId)}>
        <span class="history-instruction">{instruction}</span>
        {record.from && (
          <span class="meta" data-testid="history-from">
            {t('threadFromClient', record.from)}
          </span>
        )}
        <span class={`badge status-${record.status}`}>{statusLabel(record.status)}</span>
        <span class="meta">
          {new Date(record.startedAt).toLocaleString(uiLocale())}
          {/* A task that ended before its first step spent nothing: no "0 steps · 0 tokens". */}
          {(record.metrics?.steps ?? record.steps.length) > 0 && (
            <>
              {' · '}
              <Usage record={record} />
            </>
          )}
        </span>
      </button>
      <button
        type="button"
        class="danger small"
        data-testid="history-delete"
        // A running task is still being written; it can be deleted once it ends.
        disabled={running}
        aria-label={t('deleteTaskLabel', instruction)}
        onClick={() => remove(record.taskId)}
      >
        {t('deleteTask')}
      </button>
      <HistoryAgain record={record} commands={commands} busy={busy} />
    </li>
  );
}

function ClearAll({ count, disabled }: { count: number; disabled: boolean }) {
  const clear = useHistory((s) => s.clear);
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button
        type="button"
        class="danger"
        data-testid="history-clear"
        disabled={disabled}
        onClick={() => setConfirming(true)}
      >
        {t('clearHistory')}
      </button>
    );
  }
  return (
    <fieldset class="confirm">
      <legend>{t('clearHistoryConfirm', count)}</legend>
      <div class="row">
        <button
          type="button"
          class="danger"
          data-testid="history-clear-confirm"
          onClick={() => {
            clear();
            setConfirming(false);
          }}
        >
          {t('clearHistoryYes')}
        </button>
        <button type="button" data-testid="history-clear-cancel" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </button>
      </div>
    </fieldset>
  );
}

/** Past tasks, newest first: open one to see its steps, delete one, or clear all. */
export function HistoryView({ commands }: { commands: PanelCommands }) {
  const order = useHistory((s) => s.order);
  const tasks = useHistory((s) => s.tasks);
  const selectedId = useUi((s) => s.selectedTaskId);
  const select = useUi((s) => s.select);
  const selected = selectedId === null ? undefined : tasks[selectedId];

  if (selected) {
    return (
      <div class="history-detail" data-testid="history-detail">
        <div class="row">
          <button type="button" data-testid="history-back" onClick={() => select(null)}>
            {t('backToHistory')}
          </button>
        </div>
        <TaskCard record={selected} commands={commands} />
        <SaveTaskForm record={selected} commands={commands} />
      </div>
    );
  }

  const records = order.map((id) => tasks[id]).filter((record): record is TaskRecord => record !== undefined);
  const anyRunning = records.some((record) => record.status === 'running');
  return (
    <section class="card" aria-labelledby="history-heading" data-testid="history">
      <h2 id="history-heading">{t('historyHeading')}</h2>
      {records.length === 0 ? (
        <p class="meta">{t('historyEmpty')}</p>
      ) : (
        <>
          <ol class="history-list">
            {records.map((record) => (
              <HistoryItem key={record.taskId} record={record} commands={commands} busy={anyRunning} />
            ))}
          </ol>
          <ClearAll count={records.length} disabled={anyRunning} />
          {anyRunning && <p class="meta">{t('clearHistoryRunning')}</p>}
        </>
      )}
    </section>
  );
}
