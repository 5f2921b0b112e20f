// The questions a task puts to the person: ask_user, a site permission, a consequential step, a plan. Each is told to
// the panel as an event and waited for, the wait counted as the task's person time; the controller's answer calls
// reply to them by id. A task's site access and consent gate are made here, since their questions are these.

import type { AutonomyMode } from '../core/settings';
import type { Clock } from '../core/time';
import { type ConsentDecision, TaskConsent } from '../sites/consent';
import type { PlanAnswer, PlanOutcome, TaskPlan } from '../sites/plan';
import { SiteAccess, type SiteDecision } from '../sites/site-access';
import type { AgentEvent } from '../task/events';
import { PersonReplies } from '../task/person-replies';
import { applyPlanAnswer } from '../task/plan-approval';
import { newTaskState, type TaskClient, type TaskState } from '../task/task-state';

export interface PersonQuestionsDeps {
  clock: Clock;
  newId: () => string;
  emit(event: AgentEvent): void;
  /** Persists an "Always allow this site" answer: adds the origin to the allow-list in settings. */
  allowSite?: ((origin: string) => void) | undefined;
  /** Persists an "Always on this site" answer to a consequential step: adds it to the act-without-asking list. */
  actWithoutAsking?: ((origin: string) => void) | undefined;
}

export class PersonQuestions {
  readonly #deps: PersonQuestionsDeps;
  /** The waiting questions of each kind, which the controller's answer calls reply to by id. */
  readonly questions: PersonReplies<string>;
  readonly permissions: PersonReplies<SiteDecision>;
  readonly plans: PersonReplies<PlanAnswer>;
  readonly consents: PersonReplies<ConsentDecision>;

  constructor(deps: PersonQuestionsDeps) {
    this.#deps = deps;
    this.questions = new PersonReplies(deps.clock);
    this.permissions = new PersonReplies(deps.clock);
    this.plans = new PersonReplies(deps.clock);
    this.consents = new PersonReplies(deps.clock);
  }

  ask(task: TaskState, step: number, question: string, signal: AbortSignal): Promise<string> {
    const questionId = this.#deps.newId();
    const event: AgentEvent = { type: 'ask_user', taskId: task.taskId, step, questionId, question };
    return this.#waitForPerson(task, this.questions, questionId, event, signal);
  }

  /** Shows the plan, waits for the person (person time), applies the answer to the task and tells the panel. */
  async proposePlan(task: TaskState, step: number, plan: TaskPlan, signal: AbortSignal): Promise<PlanOutcome> {
    const planId = this.#deps.newId();
    const event: AgentEvent = { type: 'plan_proposed', taskId: task.taskId, step, planId, plan };
    const answer = await this.#waitForPerson(task, this.plans, planId, event, signal);
    const outcome = applyPlanAnswer(task, plan, answer);
    const decided = outcome.approved ? { plan: outcome.plan, edits: outcome.edits } : {};
    this.#deps.emit({
      type: 'plan_decided',
      taskId: task.taskId,
      step,
      planId,
      approved: outcome.approved,
      ...decided,
    });
    return outcome;
  }

  /** A new task whose site and consent questions come here. */
  newTask(autonomy: AutonomyMode, client?: TaskClient): TaskState {
    const deps = this.#deps;
    const taskId = deps.newId();
    let requestId = '';
    const sites = new SiteAccess({
      allowedSites: [],
      blockedSites: [],
      prompt: (origin, why, signal) => {
        requestId = deps.newId();
        const event: AgentEvent = { type: 'permission_request', taskId, step: task.step, requestId, origin, why };
        return this.#waitForPerson(task, this.permissions, requestId, event, signal);
      },
      persist: (origin) => deps.allowSite?.(origin),
      onDecision: (decided) => {
        const answered = decided.by === 'person' ? { requestId } : {};
        deps.emit({ type: 'permission_decided', taskId, step: task.step, ...decided, ...answered });
      },
    });
    let consentId = '';
    const consent = new TaskConsent({
      actWithoutAskingSites: [],
      prompt: (origin, consequence, signal) => {
        consentId = deps.newId();
        const requestId = consentId;
        const event: AgentEvent = { type: 'consent_request', taskId, step: task.step, requestId, origin, consequence };
        return this.#waitForPerson(task, this.consents, requestId, event, signal);
      },
      persist: (origin) => deps.actWithoutAsking?.(origin),
      onDecision: (decided) => {
        const answered = decided.by === 'person' ? { requestId: consentId } : {};
        deps.emit({ type: 'consent_decided', taskId, step: task.step, ...decided, ...answered });
      },
    });
    const task = newTaskState(taskId, sites, autonomy, consent, client);
    return task;
  }

  /** Announces a question (`event`) and waits for the person's reply, counted as person time. */
  #waitForPerson<T>(
    task: TaskState,
    replies: PersonReplies<T>,
    id: string,
    event: AgentEvent,
    signal: AbortSignal,
  ): Promise<T> {
    return replies.wait(
      id,
      () => this.#deps.emit(event),
      signal,
      (ms) => {
        task.metrics.metrics.personMs += ms;
      },
    );
  }
}
