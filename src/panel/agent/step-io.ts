// The two halves of a step that talk to the outside: decide (send the conversation with the step's observation, call
// the model, count its time, tokens and retries, keep its turn) and act (run the turn's tool calls in order,
// announcing each call and its result, and answering each in the conversation).

import { costLimitReached } from './cost-cap';
import { cutNote, joinTurns, keepable, raisedLimit } from './cut';
import { DOWNLOAD_REPORT_WAIT_MS, withDownloads } from './download-report';
import type { AgentEvent } from './events';
import { filesLine, type TaskFiles } from './files';
import type { AgentModel, MessageParam, ModelRequest, ModelTurn, TextBlock } from './model';
import type { NetHold } from './net-hold';
import type { StepView } from './observe';
import { ASK_FIRST_PROMPT, type PlanOutcome, type TaskPlan } from './plan';
import { planRuleRefusal } from './plan-rule';
import type { AgentTabs, Navigation } from './ports';
import { observationText, SYSTEM, toolResultBlock } from './prompt';
import { type AgentSettings, OUTPUT_TOKENS_FOR } from './settings';
import type { TaskState } from './task-state';
import type { Clock, Sleep } from './time';
import { withSendableToolNames } from './tool-names';
import { type CallResult, executeCall, refusedCall, type TurnState } from './tools/execute';
import { PROPOSE_PLAN } from './tools/plan-tool';
import { anthropicTools, taskTools } from './tools/registry';
import type { CaptureFn, ToolContext } from './tools/types';
import { TurnLimits } from './turn-limits';

export interface LoopDeps {
  model: AgentModel;
  tabs: AgentTabs;
  navigation: Navigation;
  clock: Clock;
  sleep: Sleep;
  settings: AgentSettings;
  capture: CaptureFn | undefined;
  ownOrigin: string | undefined;
  /** The task's attached files and downloads (absent: none are offered). */
  files?: TaskFiles;
  emit(event: AgentEvent): void;
  /** Shows the question and resolves with the person's reply; the wait is counted as person time. */
  ask(step: number, question: string, signal: AbortSignal): Promise<string>;
  nonce?: () => string;
  /** The task's network hold (net-hold.ts); absent where the panel has none (unit tests). */
  hold?: NetHold;
  /** Shows a plan to the person and applies their answer ("Ask before acting"); the wait is person time. */
  proposePlan?(step: number, plan: TaskPlan, signal: AbortSignal): Promise<PlanOutcome>;
}

/**
 * The system prompt of a task: the shared one, and in "Ask before acting" its part on the plan after the shared
 * one's cache breakpoint (so the shared part still reads from the cache). Fixed for the task, as its mode is.
 */
export function systemFor(task: Pick<TaskState, 'autonomy'>): TextBlock[] {
  return task.autonomy === 'ask_first' ? [...SYSTEM, { type: 'text', text: ASK_FIRST_PROMPT }] : [...SYSTEM];
}

/**
 * A paused turn (`pause_turn`) is continued at most this often before the step takes what it has; it takes what it
 * has too when the continuation would take the task past its cost limit (the next step then ends the task).
 */
const MAX_CONTINUATIONS = 5;

export interface StepInput {
  step: number;
  stepsLeft: number;
  view: StepView;
  /** Marks this step's untrusted page content (the observation and the results of its tool calls). */
  nonce: string;
}

/**
 * Asks the model for the step's turn and keeps it in the conversation as it came. A paused turn is sent back to be
 * continued (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons); a refused one is never
 * kept, so it is not sent again; a turn cut off by the output limit keeps its complete blocks, and the model is told
 * (cut.ts).
 */
export async function decide(
  deps: LoopDeps,
  task: TaskState,
  signal: AbortSignal,
  input: StepInput,
): Promise<ModelTurn> {
  const { conversation } = task;
  task.tools ??= anthropicTools(taskTools(deps.settings));
  const { tools } = task;
  const maxTokens = task.maxTokens ?? OUTPUT_TOKENS_FOR[deps.settings.effort];
  const files = deps.files ? filesLine(deps.files.attached(), deps.files.downloads()) : null;
  const observation = observationText(
    { step: input.step, stepsLeft: input.stepsLeft, ...input.view, files },
    input.nonce,
  );
  // A tool name the API would refuse never reaches the history as it came (tool-names.ts). Its note waits for the
  // turn's last commit: a note between a paused part and its commit would end the continuation.
  const notes: string[] = [];
  const ask = async (messages: MessageParam[]) => {
    const asked = await callModel(deps, task, signal, input.step, {
      system: systemFor(task),
      tools,
      messages,
      maxTokens,
    });
    const sendable = withSendableToolNames(asked);
    if (sendable.note) notes.push(sendable.note);
    return sendable.turn;
  };
  let messages = conversation.next(observation);
  let turn = await ask(messages);
  const mayContinue = (i: number) =>
    turn.stopReason === 'pause_turn' &&
    i < MAX_CONTINUATIONS &&
    keepable(turn.content) &&
    !costLimitReached(task.metrics, deps.settings.maxTaskCostUsd);
  for (let i = 0; mayContinue(i); i++) {
    conversation.commit(messages, turn.content, true);
    messages = conversation.next(null);
    turn = joinTurns(turn, await ask(messages));
  }
  if (turn.refusal) {
    conversation.withholdAfterRefusal();
    return turn;
  }
  if (keepable(turn.content)) conversation.commit(messages, turn.content);
  for (const note of notes) conversation.note(note);
  if (turn.cut) {
    task.maxTokens = raisedLimit(maxTokens);
    conversation.note(cutNote(turn, maxTokens, task.maxTokens));
  }
  return turn;
}

async function callModel(
  deps: LoopDeps,
  task: TaskState,
  signal: AbortSignal,
  step: number,
  request: ModelRequest,
): Promise<ModelTurn> {
  const metrics = task.metrics.metrics;
  let attempt = 1;
  const t0 = deps.clock.now();
  try {
    const turn = await deps.model.complete(request, {
      signal,
      onText: (delta) => deps.emit({ type: 'model_text', taskId: task.taskId, step, attempt, delta }),
      onThinking: (delta) => deps.emit({ type: 'model_thinking', taskId: task.taskId, step, attempt, delta }),
      onRetry: (retry) => {
        metrics.retries++;
        attempt = retry.attempt + 1;
        deps.emit({ type: 'model_retry', taskId: task.taskId, step, ...retry });
      },
    });
    metrics.steps++;
    task.metrics.addTurn(turn.model, turn.usage);
    // Usage is known now; the panel shows it during the step rather than only after its actions.
    deps.emit({ type: 'metrics', taskId: task.taskId, metrics: task.metrics.snapshot() });
    return turn;
  } finally {
    metrics.modelMs += deps.clock.now() - t0;
  }
}

/**
 * decide(), cut short when the agent's tab closes while the model thinks: resolves null then, and the caller stops
 * the task with "Tab was closed" at once (whatever the model answers could only act on a page that is gone).
 */
export async function decideWatchingTab(
  deps: LoopDeps,
  task: TaskState,
  signal: AbortSignal,
  tabId: number | null,
  input: StepInput,
): Promise<ModelTurn | null> {
  if (tabId === null || !deps.tabs.subscribe) return decide(deps, task, signal, input);
  const lost = new AbortController();
  const watching = new AbortController();
  deps.tabs.subscribe((change) => {
    if (change.type === 'lost' && change.wasCurrent && change.tabId === tabId) lost.abort();
  }, watching.signal);
  try {
    return await decide(deps, task, AbortSignal.any([signal, lost.signal]), input);
  } catch (error) {
    if (lost.signal.aborted && !signal.aborted) return null;
    throw error;
  } finally {
    watching.abort();
  }
}

export async function act(
  deps: LoopDeps,
  task: TaskState,
  signal: AbortSignal,
  input: { step: number; turn: ModelTurn; view: StepView; nonce: string; denied?: string | null },
): Promise<CallResult[]> {
  const { step, view } = input;
  const propose = deps.proposePlan;
  const ctx: ToolContext = {
    tabs: deps.tabs,
    navigation: deps.navigation,
    settings: deps.settings,
    signal,
    clock: deps.clock,
    sleep: deps.sleep,
    tabId: view.tabId,
    snapshot: view.snapshot,
    ownOrigin: deps.ownOrigin,
    capture: deps.capture,
    files: deps.files,
    sites: task.sites,
    ...(task.consent ? { consent: task.consent } : {}),
    deniedOrigin: input.denied ?? null,
    askUser: (question) => deps.ask(step, question, signal),
    ...(propose ? { proposePlan: (plan: TaskPlan) => propose(step, plan, signal) } : {}),
    proof: task.proof,
    ...(deps.hold ? { hold: deps.hold } : {}),
  };
  const state: TurnState = { operable: view.operable, pageChangedBy: null };
  const limits = new TurnLimits(deps.clock, input.turn.toolCalls.length);
  const results: CallResult[] = [];
  let planAsked = false;
  for (const [index, call] of input.turn.toolCalls.entries()) {
    const target = targetName(view.snapshot, call.input);
    deps.emit({
      type: 'tool_call',
      taskId: task.taskId,
      step,
      callId: call.id,
      name: call.name,
      input: call.input,
      target,
    });
    const cursor = deps.files?.cursor();
    const capped = limits.refuse(call, index);
    const beforePlan = capped ? null : planRuleRefusal(task, call, planAsked);
    let result = capped
      ? { ...refusedCall(call, 'skipped', capped.text), brief: capped.brief }
      : beforePlan
        ? { ...refusedCall(call, 'skipped', beforePlan), brief: 'skipped (no approved plan yet)' }
        : await limits.run(call, () => executeCall(call, { ...ctx, waitLeftMs: limits.waitLeftMs() }, state));
    if (call.name === PROPOSE_PLAN && ranAtAll(result)) planAsked = true;
    if (deps.files && cursor !== undefined) {
      const maxMs = DOWNLOAD_REPORT_WAIT_MS;
      result = withDownloads(result, await deps.files.downloadsAfter(cursor, { maxMs, signal }));
    }
    results.push(result);
    if (ranAtAll(result)) {
      const completed = result.outcome !== 'execute_error';
      task.proof.noteCall(result.name, result.input, deps.tabs.currentTabId, completed);
    }
    // Kept at once: a Stop during a later call still leaves this one answered in the conversation.
    task.conversation.answer(toolResultBlock(result, input.nonce));
    deps.emit({
      type: 'tool_result',
      taskId: task.taskId,
      step,
      callId: call.id,
      name: call.name,
      outcome: result.outcome,
      isError: result.isError,
      summary: result.brief,
      ...(result.verification ? { verification: result.verification } : {}),
    });
    // An accepted done ends the task, and so does a cancelled plan: nothing after it in the turn runs.
    if (result.effects.done?.accepted || result.effects.planCancelled) break;
  }
  return results;
}

/** A call that reached the page or the browser (a refused or skipped one supplied nothing to any page). */
function ranAtAll(result: CallResult): boolean {
  return !['invalid_input', 'unknown_tool', 'skipped'].includes(result.outcome);
}

/** The accessible name (or role) of the element a call names by `ref`, so a person reads "Clicked Add to cart". */
function targetName(snapshot: StepView['snapshot'], input: unknown): string | undefined {
  const ref = (input as { ref?: unknown } | null)?.ref;
  if (typeof ref !== 'number' || !snapshot) return undefined;
  const element = snapshot.elements.find((candidate) => candidate.ref === ref);
  return element ? element.name || element.role : undefined;
}
