import type { StepRecord, TaskRecord } from '../store/task-record';
import type { PanelCommands } from './commands';
import { ConsentBox, ConsentList } from './consent-box';
import { FinalStatus } from './final-status';
import { t } from './i18n';
import { PermissionBox, PermissionList } from './permission-box';
import { PlanCard } from './plan-card';
import { QuestionBox } from './question-box';
import { statusLabel, usageLine } from './status-text';
import { StepCard } from './step-card';

interface Props {
  record: TaskRecord;
  commands: PanelCommands;
}

/** Steps grouped by the instruction they answer, so each of the person's messages is followed by the agent's work. */
function byTurn(record: TaskRecord): [turn: number, steps: StepRecord[]][] {
  const groups: [number, StepRecord[]][] = record.instructions.map((_, turn) => [turn, []]);
  for (const step of record.steps) groups[step.turn]?.[1].push(step);
  return groups;
}

/** What the person said: the task, or a follow-up. */
function PersonMessage({ text, turn }: { text: string; turn: number }) {
  return (
    <li class="msg msg-person">
      {turn === 0 ? (
        <p class="bubble" data-testid="task-instruction">
          {text}
        </p>
      ) : (
        <p class="bubble" data-testid="follow-up">
          <span class="visually-hidden">{t('followUpLabel')} </span>
          {text}
        </p>
      )}
    </li>
  );
}

/**
 * A task as one conversation: the person's task and follow-ups as their messages, the agent's steps between them, an
 * open question or permission question inline where the agent waits, and the ending with its evidence. Its status,
 * usage and trace export sit in a small header.
 */
export function TaskCard({ record, commands }: Props) {
  const headingId = `task-${record.taskId}-heading`;
  const running = record.status === 'running';
  return (
    <section
      class="thread"
      aria-labelledby={headingId}
      data-testid="task-card"
      data-task-id={record.taskId}
      data-status={record.status}
    >
      <header class="thread-head">
        <h2 id={headingId}>{t('taskHeading', record.taskId)}</h2>
        <p class={`badge status-${record.status}`} data-testid="task-status">
          {statusLabel(record.status)}
        </p>
        <p class="meta thread-usage" data-testid="task-usage">
          {record.metrics ? usageLine(record.metrics) : t('usageNone')}
          {' · '}
          {record.model}
        </p>
      </header>
      <ol class="messages" aria-label={t('stepsLabel')}>
        {byTurn(record).map(([turn, steps]) => [
          <PersonMessage key={`said-${turn}`} text={record.instructions[turn] ?? ''} turn={turn} />,
          ...steps.map((step) => (
            <li key={step.step} class="msg msg-agent">
              <StepCard step={step} running={running} />
              {(record.plans ?? [])
                .filter((plan) => plan.step === step.step)
                .map((plan) => (
                  <PlanCard
                    key={plan.planId}
                    view={plan}
                    open={running}
                    onAnswer={(planId, answer) => commands.answerPlan(planId, answer)}
                  />
                ))}
            </li>
          )),
        ])}
        {record.steps.length === 0 && running && (
          <li class="msg msg-agent">
            <p class="meta">{t('waitingFirstStep')}</p>
          </li>
        )}
      </ol>
      {running && record.question && (
        <QuestionBox
          questionId={record.question.questionId}
          question={record.question.question}
          onAnswer={(id, reply) => commands.answer(id, reply)}
        />
      )}
      {running && record.permission && (
        <PermissionBox
          request={record.permission}
          onAnswer={(requestId, decision) => commands.answerPermission(requestId, decision)}
        />
      )}
      {running && record.consent && (
        <ConsentBox
          request={record.consent}
          onAnswer={(requestId, decision) => commands.answerConsent(requestId, decision)}
        />
      )}
      <PermissionList taskId={record.taskId} permissions={record.permissions ?? []} />
      <ConsentList taskId={record.taskId} consents={record.consents ?? []} />
      <FinalStatus record={record} />
      <div class="row thread-actions">
        <button type="button" data-testid="export-trace" onClick={() => commands.exportTrace(record.taskId)}>
          {t('exportTrace')}
        </button>
      </div>
    </section>
  );
}
