import type { StepRecord, TaskRecord } from '../../store/task-record';
import { Collapsible } from '../collapsible';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';
import { ConsentBox, ConsentList } from '../questions/consent-box';
import { PermissionBox, PermissionList } from '../questions/permission-box';
import { PlanCard } from '../questions/plan-card';
import { QuestionBox } from '../questions/question-box';
import { endingDetail, statusLabel, usageLine } from '../status-text';
import { FinalStatus } from './final-status';
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
      <Collapsible class="bubble" text={text} testId={turn === 0 ? 'task-instruction' : 'follow-up'}>
        {turn > 0 && <span class="visually-hidden">{t('followUpLabel')} </span>}
      </Collapsible>
    </li>
  );
}

/**
 * The task's internals, for whoever needs them (a bug report, the trace): its id, its model and, in another language
 * than English, the agent's own sentence of how it ended; closed by default.
 */
function TaskDetails({ record, commands }: Props) {
  const agentSaid = endingDetail(record);
  return (
    <div class="row thread-actions">
      <details class="disclosure" data-testid="task-details">
        <summary>{t('tabLineDetails')}</summary>
        <dl>
          <dt>{t('taskIdLabel')}</dt>
          <dd data-testid="task-id">{record.taskId}</dd>
          <dt>{t('modelLabel')}</dt>
          <dd>{record.model}</dd>
          {agentSaid && (
            <>
              <dt>{t('agentEndingLabel')}</dt>
              <dd lang="en" data-testid="ending-detail">
                {agentSaid}
              </dd>
            </>
          )}
        </dl>
      </details>
      <button type="button" data-testid="export-trace" onClick={() => commands.exportTrace(record.taskId)}>
        {t('exportTrace')}
      </button>
    </div>
  );
}

/** A step is cut when the task was stopped while the model was still writing it (no timings yet, some text). */
function isCut(record: TaskRecord, step: StepRecord): boolean {
  const last = record.steps[record.steps.length - 1];
  return (
    record.status === 'stopped' &&
    step === last &&
    step.modelMs === undefined &&
    (step.text !== '' || (step.thinking ?? '').trim() !== '')
  );
}

/**
 * A task as one conversation: the person's task and follow-ups as their messages, the agent's steps between them, an
 * open question or permission question inline where the agent waits, and the ending with its evidence. Its status and
 * usage sit in a small header, in words; its id and model under Details at the end.
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
        <h2 id={headingId} class="visually-hidden">
          {t('threadTaskHeading')}
        </h2>
        <p class={`badge status-${record.status}`} data-testid="task-status">
          {statusLabel(record.status)}
        </p>
        {/* Nothing spent yet (the task ended before the model answered): no "0 steps" over a Step 1 that says so. */}
        {record.metrics && record.metrics.steps > 0 && (
          <p class="meta thread-usage" data-testid="task-usage">
            {usageLine(record.metrics)}
          </p>
        )}
      </header>
      <ol class="messages" aria-label={t('stepsLabel')}>
        {byTurn(record).map(([turn, steps]) => [
          <PersonMessage key={`said-${turn}`} text={record.instructions[turn] ?? ''} turn={turn} />,
          ...steps.map((step) => (
            <li key={step.step} class="msg msg-agent">
              <StepCard step={step} running={running} cut={isCut(record, step)} />
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
      <TaskDetails record={record} commands={commands} />
    </section>
  );
}
