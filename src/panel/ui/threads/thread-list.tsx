import { useHistory } from '../../store/history';
import { useTaskQueue } from '../../store/task-queue';
import type { TaskRecord } from '../../store/task-record';
import { useUi } from '../../store/ui';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';
import { QueuedRow, ThreadRow } from './thread-row';

/** Finished tasks listed under the live ones; the rest are one click away in History. */
export const RECENT_FINISHED = 3;

interface Props {
  commands: PanelCommands;
  /** The thread open in the task view (undefined: none, e.g. after "New task"). */
  openId: string | undefined;
}

/**
 * The panel's tasks over the open thread (issue 28): the running ones on top, newest first, this panel's and other
 * windows' alike (the history is shared), then those waiting for a free slot, oldest first (the order they start
 * in), then the few most recent finished ones. One click opens a thread. With a single task and nothing queued
 * there is nothing to choose between: the list is not shown, and the panel looks as it did with one task.
 */
export function ThreadList({ commands, openId }: Props) {
  const order = useHistory((s) => s.order);
  const tasks = useHistory((s) => s.tasks);
  const queued = useTaskQueue((s) => s.queued);
  const show = useUi((s) => s.show);
  const records = order.flatMap((id) => (tasks[id] ? [tasks[id] as TaskRecord] : []));
  if (records.length + queued.length < 2) return null;
  const live = records.filter((record) => record.status === 'running');
  const finished = records.filter((record) => record.status !== 'running').slice(0, RECENT_FINISHED);
  return (
    <section class="threads" aria-labelledby="threads-heading" data-testid="thread-list">
      <h2 id="threads-heading" class="threads-heading">
        {t('threadsHeading')}
      </h2>
      {live.length + queued.length > 0 && (
        <ul class="thread-rows" aria-label={t('threadsRunning')} data-testid="threads-live">
          {live.map((record) => (
            <ThreadRow key={record.taskId} record={record} commands={commands} open={record.taskId === openId} />
          ))}
          {queued.map((entry) => (
            <QueuedRow key={entry.queueId} queued={entry} commands={commands} />
          ))}
        </ul>
      )}
      {finished.length > 0 && (
        <ul class="thread-rows" aria-label={t('threadsEarlier')} data-testid="threads-earlier">
          {finished.map((record) => (
            <ThreadRow key={record.taskId} record={record} commands={commands} open={record.taskId === openId} />
          ))}
        </ul>
      )}
      <button type="button" class="link-button small" data-testid="threads-history" onClick={() => show('history')}>
        {t('threadsAllInHistory')}
      </button>
    </section>
  );
}
