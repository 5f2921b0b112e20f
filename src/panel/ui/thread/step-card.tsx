import type { CallView, StepRecord } from '../../store/task-record';
import { t } from '../i18n';
import { callBadge, resultLang, resultText } from '../status-text';
import { describeCall } from './describe-call';

function CallItem({ call }: { call: CallView }) {
  // An accepted ending is told by the final status under the thread, in words; its internal verdict stays in the trace.
  if (call.outcome === 'done_accepted') {
    return (
      <li class="call" data-testid="call" data-tool={call.name} data-outcome={call.outcome}>
        <p class="call-action">{describeCall(call)}</p>
      </li>
    );
  }
  const badge = callBadge(call);
  const result = resultText(call);
  return (
    <li class="call" data-testid="call" data-tool={call.name} data-outcome={call.outcome ?? 'pending'}>
      <p class="call-action">{describeCall(call)}</p>
      {result && (
        <p class="call-result" lang={resultLang(call)}>
          {result}
        </p>
      )}
      <p class={`badge badge-${badge.kind}`} data-testid="call-badge" data-kind={badge.kind}>
        {badge.text}
      </p>
    </li>
  );
}

/** After Stop, the sentence the model was writing ends where it was cut, and says so. */
function CutMark() {
  return (
    <span class="cut-mark" data-testid="step-cut">
      {t('streamStopped')}
    </span>
  );
}

/**
 * The model's reasoning in a step, as it streams and after: secondary to what it says and does, so muted and under a
 * disclosure the person can close (open to begin with, so streaming reasoning shows the model is at work).
 */
function Reasoning({ text, cut }: { text: string; cut: boolean }) {
  return (
    <details class="reasoning" open data-testid="step-reasoning">
      <summary>{t('stepReasoning')}</summary>
      <p class="reasoning-text" data-testid="step-thinking">
        {text}
        {cut && <CutMark />}
      </p>
    </details>
  );
}

/**
 * One step as it happens: the model's streamed reasoning and text, each action in words with its result and
 * verification. Until the model answers, the card says it is waiting; a step the task ended in before that says so;
 * a step the person stopped mid-stream (`cut`) is marked where its text breaks off.
 */
export function StepCard({ step, running, cut = false }: { step: StepRecord; running: boolean; cut?: boolean }) {
  const headingId = `step-${step.step}-heading`;
  const thinking = step.thinking?.trim() ?? '';
  // A step has timings once it finished; before that, nothing in it means the model has not answered yet.
  const unanswered =
    step.modelMs === undefined && step.text === '' && !thinking && step.calls.length === 0 && step.notes.length === 0;
  return (
    <article class="step" aria-labelledby={headingId} data-testid="step-card" data-step={step.step}>
      <h3 id={headingId}>{t('stepHeading', step.step)}</h3>
      {step.url && <p class="meta url">{step.url}</p>}
      {unanswered && (
        <p class="meta" data-testid="step-waiting">
          {t(running ? 'stepWaiting' : 'stepEmpty')}
        </p>
      )}
      {thinking && <Reasoning text={thinking} cut={cut && !step.text} />}
      {step.text && (
        <p class="thought" data-testid="step-text">
          {step.text}
          {cut && <CutMark />}
        </p>
      )}
      {step.calls.length > 0 && (
        <ul class="calls" aria-label={t('stepActions')}>
          {step.calls.map((call) => (
            <CallItem key={call.callId} call={call} />
          ))}
        </ul>
      )}
      {step.notes.length > 0 && (
        <ul class="notes" aria-label={t('stepNotes')}>
          {step.notes.map((note, index) => (
            // Notes are appended, never reordered, so the index is a stable key.
            <li key={index} class="note">
              {note}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
