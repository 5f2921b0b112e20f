import type { TaskRecord } from '../../store/task-record';
import { Collapsible } from '../collapsible';
import { t } from '../i18n';
import { statusLabel, summaryText } from '../status-text';

/** How the task ended, in words; for a success, the evidence the harness checked on the page. */
export function FinalStatus({ record }: { record: TaskRecord }) {
  if (record.status === 'running') return null;
  const succeeded = record.status === 'succeeded';
  // An interrupted record's summary was written in English by the store; the localised sentence says the same.
  const summary = summaryText(record);
  const showAnswer = record.answer && !summary?.includes(record.answer);
  const { quotes = [], urlContains } = record.evidence ?? {};
  // A reading is verified as read, not as done: the person must not take an answer for something the task did.
  const reading = record.verified && record.verifiedAs === 'reading';
  const badge = record.verified ? (reading ? 'badgeVerifiedReading' : 'badgeVerified') : 'badgeUnverified';
  return (
    <section
      class={`final final-${record.status}`}
      aria-labelledby={`final-${record.taskId}`}
      data-testid="final-status"
      data-status={record.status}
    >
      <h3 id={`final-${record.taskId}`}>
        {statusLabel(record.status)}
        {succeeded && (
          <span class={`badge badge-${record.verified ? 'verified' : 'unverified'}`} data-testid="final-verified">
            {t(badge)}
          </span>
        )}
      </h3>
      {summary && <Collapsible text={summary} testId="final-summary" />}
      {reading && record.alreadyThere && <p data-testid="final-already-there">{t('finalAlreadyThere')}</p>}
      {showAnswer && record.answer && (
        <Collapsible text={record.answer} testId="final-answer">
          <strong>{t('finalAnswer')}</strong>{' '}
        </Collapsible>
      )}
      {succeeded && (quotes.length > 0 || urlContains) && (
        <div data-testid="evidence">
          <h4>{t('evidenceHeading')}</h4>
          <ul>
            {quotes.map((quote) => (
              <li key={quote}>
                <q>{quote}</q>
              </li>
            ))}
            {urlContains && <li>{t('evidenceUrl', urlContains)}</li>}
          </ul>
        </div>
      )}
    </section>
  );
}
