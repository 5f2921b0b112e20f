// The answers of a question the agent waits on (a site permission, a consequential step): one button each, answered
// once. The box stays until the agent's decision event arrives, so after the first click the buttons are disabled and
// a line says the answer was sent.

import { type MessageKey, t } from '../i18n';

/** An answer: the decision it sends, its label, and its button class ('' or 'danger'). */
export type Answer<D extends string> = [decision: D, label: MessageKey, kind: string];

interface Props<D extends string> {
  answers: readonly Answer<D>[];
  /** `<prefix>-<decision>` is each button's test id. */
  prefix: string;
  sent: boolean;
  sentLabel: MessageKey;
  /** Extra classes of the row. */
  rowClass?: string;
  onAnswer(decision: D): void;
}

export function AnswerButtons<D extends string>({ answers, prefix, sent, sentLabel, rowClass, onAnswer }: Props<D>) {
  return (
    <>
      <div class={rowClass ? `row ${rowClass}` : 'row'}>
        {answers.map(([decision, label, kind]) => (
          <button
            key={decision}
            type="button"
            class={kind || undefined}
            data-testid={`${prefix}-${decision}`}
            disabled={sent}
            onClick={() => {
              if (!sent) onAnswer(decision);
            }}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {sent && (
        <p class="meta" role="status">
          {t(sentLabel)}
        </p>
      )}
    </>
  );
}
