import { useState } from 'preact/hooks';
import { t } from '../i18n';
import { isSubmitKey } from '../keys';

interface Props {
  questionId: string;
  question: string;
  onAnswer(questionId: string, reply: string): void;
}

/** The agent's ask_user question; the task waits until the person answers here. */
export function QuestionBox({ questionId, question, onAnswer }: Props) {
  const [reply, setReply] = useState('');
  // The question stays until the agent's next event; do not let a second Enter answer it twice.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const sent = sentFor === questionId;
  const submit = () => {
    const text = reply.trim();
    if (!text || sent) return;
    onAnswer(questionId, text);
    setSentFor(questionId);
    setReply('');
  };
  const inputId = `answer-${questionId}`;
  return (
    <form
      class="question"
      data-testid="question"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p class="question-text" id={`${inputId}-question`}>
        <strong>{t('questionHeading')}</strong> {question}
      </p>
      <label for={inputId}>{t('replyLabel')}</label>
      <textarea
        id={inputId}
        rows={2}
        value={reply}
        disabled={sent}
        aria-describedby={`${inputId}-question`}
        onInput={(event) => setReply(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (isSubmitKey(event)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" disabled={sent || reply.trim() === ''}>
        {sent ? t('answerSent') : t('answerButton')}
      </button>
    </form>
  );
}
