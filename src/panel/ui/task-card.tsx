import type { StepRecord, TaskRecord } from '../store/task-record';
import type { PanelCommands } from './commands';
import { FinalStatus } from './final-status';
import { t } from './i18n';
import { PermissionBox, PermissionList } from './permission-box';
import { QuestionBox } from './question-box';
import { statusLabel, usageLine } from './status-text';
import { StepCard } from './step-card';

interface Props {
  record: TaskRecord;
  commands: PanelCommands;
}

/** Steps grouped by the instruction they answer, so a follow-up reads as its own part of the task. */
function byTurn(steps: StepRecord[]): [turn: number, steps: StepRecord[]][] {
  const groups: [number, StepRecord[]][] = [];
  for (const step of steps) {
    const last = groups.at(-1);
    if (last && last[0] === step.turn) last[1].push(step);
    else groups.push([step.turn, [step]]);
  }
  return groups;
}

/**
 * A task: its instruction, usage, live steps, an open question or permission question, the sites settled for it, how
 * it ended, and the export of its trace.
 */
export function TaskCard({ record, commands }: Props) {
  const headingId = `task-${record.taskId}-heading`;
  const running = record.status === 'running';
  return (
    <section
      class="card task-card"
      aria-labelledby={headingId}
      data-testid="task-card"
      data-task-id={record.taskId}
      data-status={record.status}
    >
      <header class="task-head">
        <h2 id={headingId}>{t('taskHeading', record.taskId)}</h2>
        <p class={`badge status-${record.status}`} data-testid="task-status">
          {statusLabel(record.status)}
        </p>
      </header>
      <p class="instruction" data-testid="task-instruction">
        {record.instructions[0]}
      </p>
      <p class="meta" data-testid="task-usage">
        {record.metrics ? usageLine(record.metrics) : t('usageNone')}
        {' · '}
        {record.model}
      </p>
      {record.steps.length === 0 && running && <p class="meta">{t('waitingFirstStep')}</p>}
      <ol class="steps" aria-label={t('stepsLabel')}>
        {byTurn(record.steps).map(([turn, steps]) => (
          <li key={turn} class="turn">
            {turn > 0 && (
              <p class="follow-up" data-testid="follow-up">
                <strong>{t('followUpLabel')}</strong> {record.instructions[turn]}
              </p>
            )}
            {steps.map((step) => (
              <StepCard key={step.step} step={step} running={running} />
            ))}
          </li>
        ))}
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
      <PermissionList taskId={record.taskId} permissions={record.permissions ?? []} />
      <FinalStatus record={record} />
      <div class="row">
        <button type="button" data-testid="export-trace" onClick={() => commands.exportTrace(record.taskId)}>
          {t('exportTrace')}
        </button>
      </div>
    </section>
  );
}
