// The question before a consequential step (decision 0026): what is about to happen in plain words, the site, the
// button, the fields and values the step would send (secrets already masked by the page's reader), and four answers.
// The box takes the focus when it opens so a keyboard user lands on it, not on the Allow button: a stray Enter must not
// say yes. Beside it, the list of the task's decided steps.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { ConsentKind } from '../../../shared/consent-types';
import type { ConsentBy, ConsentDecision } from '../../agent';
import type { ConsentRequest, ConsentView } from '../../store/task-record';
import { type MessageKey, t } from '../i18n';
import { type Answer, AnswerButtons } from './answer-buttons';

const KIND: Record<ConsentKind, MessageKey> = {
  payment: 'consentKindPayment',
  order: 'consentKindOrder',
  post: 'consentKindPost',
  signup: 'consentKindSignup',
  signin: 'consentKindSignin',
  delete: 'consentKindDelete',
  account: 'consentKindAccount',
  submit: 'consentKindSubmit',
};

export const consentKindText = (kind: ConsentKind): string => t(KIND[kind]);

const ANSWERS: Answer<ConsentDecision>[] = [
  ['once', 'consentOnce', 'primary'],
  ['deny', 'consentDeny', 'danger'],
  ['task', 'consentTask', ''],
  ['always', 'consentAlways', ''],
];

/** The site as the question names it: host and port (URL's `host` never has userinfo). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

interface BoxProps {
  request: ConsentRequest;
  onAnswer(requestId: string, decision: ConsentDecision): void;
}

/** The agent waits here until the person allows the step (once, for the task on this site, always) or denies it. */
export function ConsentBox({ request, onAnswer }: BoxProps) {
  const [sentFor, setSentFor] = useState<string | null>(null);
  const box = useRef<HTMLFieldSetElement>(null);
  const sent = sentFor === request.requestId;
  const id = `consent-${request.requestId}`;
  const { consequence } = request;
  useEffect(() => box.current?.focus(), [request.requestId]);
  return (
    <fieldset
      ref={box}
      tabIndex={-1}
      class="permission consent"
      aria-describedby={`${id}-what ${id}-hint`}
      data-testid="consent"
      data-kind={consequence.kind}
      data-origin={request.origin}
      data-request-id={request.requestId}
    >
      <legend>{t('consentHeading')}</legend>
      <p id={`${id}-what`} class="consent-what" data-testid="consent-kind">
        <strong>{consentKindText(consequence.kind)}</strong> · {t('consentSite', hostOf(request.origin))}
      </p>
      {consequence.control && <p data-testid="consent-control">{t('consentButton', `“${consequence.control}”`)}</p>}
      {consequence.request && hostOf(consequence.request.url) !== hostOf(request.origin) && (
        <p data-testid="consent-request">{t('consentSendsTo', hostOf(consequence.request.url))}</p>
      )}
      {consequence.fields.length > 0 ? (
        <>
          <p class="meta">{t('consentFields')}</p>
          <dl class="consent-fields" data-testid="consent-fields">
            {consequence.fields.map((field, index) => (
              // The page's fields in document order: the index is stable for one question.
              <div key={index}>
                <dt>{field.label}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p class="meta">{t('consentNoFields')}</p>
      )}
      <p id={`${id}-hint`} class="meta">
        {t('consentHint')}
      </p>
      <AnswerButtons
        answers={ANSWERS}
        prefix="consent"
        sent={sent}
        sentLabel="consentSent"
        rowClass="consent-answers"
        onAnswer={(decision) => {
          setSentFor(request.requestId);
          onAnswer(request.requestId, decision);
        }}
      />
    </fieldset>
  );
}

const OUTCOME: Record<ConsentBy, (decision: ConsentDecision) => MessageKey> = {
  person: (decision) =>
    decision === 'deny'
      ? 'consentDenied'
      : decision === 'task'
        ? 'consentAllowedTask'
        : decision === 'always'
          ? 'consentAllowedAlways'
          : 'consentAllowedOnce',
  act_without_asking: () => 'consentByList',
  task: () => 'consentByTask',
  plan: () => 'consentByPlan',
};

export function consentLine(view: ConsentView): string {
  const what = view.control || consentKindText(view.kind);
  return t('consentLine', view.step, what, hostOf(view.origin), t(OUTCOME[view.by](view.decision)));
}

/** The consequential steps of the task and how each was decided. */
export function ConsentList({ taskId, consents }: { taskId: string; consents: readonly ConsentView[] }) {
  if (consents.length === 0) return null;
  const headingId = `consents-${taskId}`;
  return (
    <section class="permissions" aria-labelledby={headingId} data-testid="consents">
      <h3 id={headingId}>{t('consentsHeading')}</h3>
      <ul>
        {consents.map((view, index) => (
          // Decisions are appended, never reordered, so the index is a stable key.
          <li key={index} data-testid="consent-record" data-decision={view.decision} data-by={view.by}>
            {consentLine(view)}
          </li>
        ))}
      </ul>
    </section>
  );
}
