import type { TaskRecord } from '../store/task-record';
import { waitingTasks } from '../store/waiting';
import { t } from './i18n';
import { consentKindText } from './questions/consent-box';
import { statusLabel, summaryText } from './status-text';
import { describeCall } from './thread/describe-call';

/**
 * What a screen reader hears about the task now: its end, an open question or permission question, or the newest
 * step and action.
 */
export function announcement(record: TaskRecord | undefined): string {
  if (!record) return '';
  if (record.status !== 'running') {
    const summary = summaryText(record);
    return t('announceFinal', statusLabel(record.status), summary).trim();
  }
  if (record.permission) return t('announcePermission', record.permission.origin);
  const plan = record.plans?.find((view) => view.status === 'open');
  if (plan) return t('announcePlan', plan.proposed.summary);
  if (record.consent)
    return t('announceConsent', consentKindText(record.consent.consequence.kind), record.consent.origin);
  if (record.question) return t('announceQuestion', record.question.question);
  const step = record.steps.at(-1);
  if (!step) return '';
  const call = step.calls.at(-1);
  return call ? t('announceStepAction', step.step, describeCall(call)) : t('announceStep', step.step);
}

/**
 * What a screen reader hears about the tasks that wait for the person in threads they do not have open (another task
 * of this panel, or another window's): the badge and the thread list show them, and this says them (issue 28: a task
 * in the background never waits unseen).
 */
export function othersWaiting(
  history: { tasks: Readonly<Record<string, TaskRecord>>; order: readonly string[] },
  openTaskId: string | undefined,
): string {
  const others = waitingTasks(history).filter((record) => record.taskId !== openTaskId);
  const newest = others[0];
  if (!newest) return '';
  const what = newest.instructions[0] ?? '';
  return others.length === 1 ? t('announceOtherWaiting', what) : t('announceOthersWaiting', others.length, what);
}

/**
 * Polite live regions: each is announced when its text changes, so the open thread's changes once per new step,
 * action, question and final status, never per streamed token; the other one when another thread starts or stops
 * waiting for the person.
 */
export function LiveRegion({ record, others }: { record: TaskRecord | undefined; others: string }) {
  return (
    <>
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-region">
        {announcement(record)}
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-region-others">
        {others}
      </div>
    </>
  );
}
