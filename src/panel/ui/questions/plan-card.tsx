// "Ask before acting" in the thread (decision 0026): the model's plan as a card the person edits (untick a site or a
// change, rewrite the steps, add a note) and approves, or cancels the task with. Once answered, the card shows the plan
// as approved, or that it was cancelled.

import { useState } from 'preact/hooks';
import type { ConsentKind } from '../../../shared/consent-types';
import { type PlanAnswer, type PlannedChange, siteCovers, type TaskPlan } from '../../agent';
import type { PlanView } from '../../store/task-record';
import { type MessageKey, t } from '../i18n';

const KIND: Record<ConsentKind, MessageKey> = {
  payment: 'planKindPayment',
  order: 'planKindOrder',
  post: 'planKindPost',
  signup: 'planKindSignup',
  signin: 'planKindSignin',
  delete: 'planKindDelete',
  account: 'planKindAccount',
  submit: 'planKindSubmit',
};

const changeLine = (change: PlannedChange) => t('planChange', t(KIND[change.kind]), change.origin, change.what);

interface Props {
  view: PlanView;
  /** The task still waits for this plan's answer (false once the task ended). */
  open: boolean;
  onAnswer(planId: string, answer: PlanAnswer): void;
}

export function PlanCard({ view, open, onAnswer }: Props) {
  if (view.status === 'open' && open) return <PlanForm view={view} onAnswer={onAnswer} />;
  return <PlanDone view={view} />;
}

/** The open plan: every site and change ticked, the steps as the model wrote them. */
function PlanForm({ view, onAnswer }: { view: PlanView; onAnswer: Props['onAnswer'] }) {
  const { proposed, planId } = view;
  const [sites, setSites] = useState(() => proposed.sites.map(() => true));
  const [changes, setChanges] = useState(() => proposed.changes.map(() => true));
  const [steps, setSteps] = useState(proposed.steps);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const id = `plan-${planId}`;
  // A change goes with its site: unticking the site takes its changes out too.
  const siteKept = (change: PlannedChange) =>
    proposed.sites.some((site, i) => sites[i] && siteCovers(site, change.origin));
  const changeKept = (change: PlannedChange, i: number) => Boolean(changes[i]) && siteKept(change);
  const answer = (approved: boolean) => {
    if (sent) return;
    setSent(true);
    if (!approved) return onAnswer(planId, { approved: false });
    const plan: TaskPlan = {
      summary: proposed.summary,
      sites: proposed.sites.filter((_, i) => sites[i]),
      changes: proposed.changes.filter(changeKept),
      steps,
    };
    onAnswer(planId, { approved: true, plan, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  const flip = (list: boolean[], i: number) => list.map((on, j) => (j === i ? !on : on));
  return (
    <section class="plan" aria-labelledby={`${id}-heading`} data-testid="plan" data-plan-id={planId}>
      <h3 id={`${id}-heading`}>{t('planHeading')}</h3>
      <p data-testid="plan-summary">{proposed.summary}</p>
      <p class="meta">{t('planIntro')}</p>
      <fieldset aria-describedby={`${id}-sites-hint`} disabled={sent}>
        <legend>{t('planSites')}</legend>
        {proposed.sites.map((site, i) => (
          <label key={site} class="plan-item">
            <input
              type="checkbox"
              checked={sites[i]}
              data-testid="plan-site"
              data-site={site}
              onChange={() => setSites((list) => flip(list, i))}
            />
            <code>{site}</code>
          </label>
        ))}
        <p id={`${id}-sites-hint`} class="meta">
          {t('planSitesHint')}
        </p>
      </fieldset>
      <fieldset aria-describedby={`${id}-changes-hint`} disabled={sent}>
        <legend>{t('planChanges')}</legend>
        {proposed.changes.length === 0 && <p class="meta">{t('planChangesNone')}</p>}
        {proposed.changes.map((change, i) => (
          <label key={`${change.origin} ${change.kind} ${change.what}`} class="plan-item">
            <input
              type="checkbox"
              checked={changeKept(change, i)}
              disabled={!siteKept(change)}
              data-testid="plan-change"
              onChange={() => setChanges((list) => flip(list, i))}
            />
            {changeLine(change)}
          </label>
        ))}
        {proposed.changes.length > 0 && (
          <p id={`${id}-changes-hint`} class="meta">
            {t('planChangesHint')}
          </p>
        )}
      </fieldset>
      <label for={`${id}-steps`}>{t('planSteps')}</label>
      <textarea
        id={`${id}-steps`}
        data-testid="plan-steps"
        rows={Math.min(8, Math.max(3, steps.split('\n').length))}
        value={steps}
        disabled={sent}
        onInput={(event) => setSteps(event.currentTarget.value)}
      />
      <label for={`${id}-note`}>{t('planNote')}</label>
      <textarea
        id={`${id}-note`}
        data-testid="plan-note"
        rows={1}
        value={note}
        disabled={sent}
        onInput={(event) => setNote(event.currentTarget.value)}
      />
      <div class="row">
        <button type="button" class="primary" data-testid="plan-approve" disabled={sent} onClick={() => answer(true)}>
          {t('planApprove')}
        </button>
        <button type="button" class="danger" data-testid="plan-cancel" disabled={sent} onClick={() => answer(false)}>
          {t('planCancel')}
        </button>
      </div>
      {sent && (
        <p class="meta" role="status">
          {t('planSent')}
        </p>
      )}
    </section>
  );
}

/** An answered plan (or one the task ended without an answer to): what was approved, in a few lines. */
function PlanDone({ view }: { view: PlanView }) {
  const plan = view.approved ?? view.proposed;
  const edited =
    view.edits &&
    (view.edits.removedSites.length > 0 ||
      view.edits.removedChanges.length > 0 ||
      view.edits.stepsEdited ||
      view.edits.note);
  const heading =
    view.status === 'approved'
      ? edited
        ? 'planApprovedEdited'
        : 'planApproved'
      : view.status === 'cancelled'
        ? 'planCancelled'
        : 'planHeading';
  return (
    <section class="plan plan-done" data-testid="plan" data-plan-id={view.planId} data-status={view.status}>
      <h3>{t(heading)}</h3>
      <p>{plan.summary}</p>
      {view.status !== 'cancelled' && (
        <ul>
          {plan.sites.map((site) => (
            <li key={site}>
              <code>{site}</code>
            </li>
          ))}
          {plan.changes.map((change) => (
            <li key={`${change.origin} ${change.kind} ${change.what}`}>{changeLine(change)}</li>
          ))}
        </ul>
      )}
      {view.status !== 'cancelled' && <p class="plan-steps">{plan.steps}</p>}
    </section>
  );
}
