// The two halves of a step that talk to the outside: decide (build the bounded request, call the model, count its
// time, tokens and retries) and act (run the turn's tool calls in order, announcing each call and its result).

import type { Sleep } from './abort';
import type { AgentEvent } from './events';
import type { AgentModel, ModelTurn } from './model';
import type { StepView } from './observe';
import type { AgentTabs, Clock, Navigation } from './ports';
import { buildRequest, newNonce } from './prompt';
import type { AgentSettings } from './settings';
import type { TaskState } from './task-state';
import { type CallResult, executeCall, type TurnState } from './tools/execute';
import { anthropicTools, offeredTools } from './tools/registry';
import type { CaptureFn, ToolContext } from './tools/types';

export interface LoopDeps {
  model: AgentModel;
  tabs: AgentTabs;
  navigation: Navigation;
  clock: Clock;
  sleep: Sleep;
  settings: AgentSettings;
  capture: CaptureFn | undefined;
  ownOrigin: string | undefined;
  emit(event: AgentEvent): void;
  /** Shows the question and resolves with the person's reply; the wait is counted as person time. */
  ask(step: number, question: string, signal: AbortSignal): Promise<string>;
  nonce?: () => string;
}

export async function decide(
  deps: LoopDeps,
  task: TaskState,
  signal: AbortSignal,
  input: { step: number; stepsLeft: number; view: StepView; notes: readonly string[] },
): Promise<ModelTurn> {
  const { step, view } = input;
  const request = buildRequest({
    conversation: task.conversation,
    observation: { step, stepsLeft: input.stepsLeft, ...view },
    notes: input.notes,
    tools: anthropicTools(offeredTools(deps.settings, view.operable)),
    nonce: (deps.nonce ?? newNonce)(),
    maxTokens: deps.settings.maxOutputTokens,
  });
  const metrics = task.metrics.metrics;
  let attempt = 1;
  const t0 = deps.clock.now();
  try {
    const turn = await deps.model.complete(request, {
      signal,
      onText: (delta) => deps.emit({ type: 'model_text', taskId: task.taskId, step, attempt, delta }),
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
  input: { step: number; stepsLeft: number; view: StepView; notes: readonly string[] },
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
  input: { step: number; turn: ModelTurn; view: StepView; denied?: string | null },
): Promise<CallResult[]> {
  const { step, view } = input;
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
    sites: task.sites,
    deniedOrigin: input.denied ?? null,
    askUser: (question) => deps.ask(step, question, signal),
  };
  const state: TurnState = { operable: view.operable, pageChangedBy: null };
  const results: CallResult[] = [];
  for (const call of input.turn.toolCalls) {
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
    const result = await executeCall(call, ctx, state);
    results.push(result);
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
    // An accepted done ends the task: nothing after it in the turn runs.
    if (result.done?.accepted) break;
  }
  return results;
}

/** The accessible name (or role) of the element a call names by `ref`, so a person reads "Clicked Add to cart". */
function targetName(snapshot: StepView['snapshot'], input: unknown): string | undefined {
  const ref = (input as { ref?: unknown } | null)?.ref;
  if (typeof ref !== 'number' || !snapshot) return undefined;
  const element = snapshot.elements.find((candidate) => candidate.ref === ref);
  return element ? element.name || element.role : undefined;
}
