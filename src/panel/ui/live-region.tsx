import type { TaskRecord } from '../store/task-record';
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
 * A polite live region: it is announced when its text changes, so it changes once per new step, action, question
 * and final status, never per streamed token.
 */
export function LiveRegion({ record }: { record: TaskRecord | undefined }) {
  return (
    <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-region">
      {announcement(record)}
    </div>
  );
}
