// Runs one tool call from the model, whatever it contains. Unknown tools, tools not offered now, broken JSON,
// inputs the schema rejects, stale refs and every page or tab failure become a result that says what was wrong;
// only Stop (an abort) leaves this function by throwing, unless the call had already sent an action: that one may
// still land, and its result says so (stoppedInFlight).

import { isSteadyhandError } from '../../../shared/errors';
import { isAbort } from '../core/abort';
import { capEcho, RESULT_TEXT_MAX_CHARS } from '../core/echo';
import type { ModelToolCall } from '../model/agent-model';
import { isSendableToolName, quotedToolName } from '../model/tool-names';
import type { CallOutcome } from '../task/events';
import { offeredTools, toolNamed, unavailableReason } from './registry';
import type { AnyTool, CallSends, ModelReply, ToolContext, ToolEffects, ToolOutput } from './types';

/** A call's result. The prompt reads its ModelReply fields and `isError`; the loop reads `effects` and `outcome`. */
export interface CallResult extends Omit<ToolOutput, 'outcome' | 'effects'> {
  id: string;
  name: string;
  input: unknown;
  outcome: CallOutcome;
  isError: boolean;
  /** The call was run and may have moved the agent's tab (decision 0006: the pinned origin may follow). */
  mayNavigate: boolean;
  effects: ToolEffects;
  /** What the call sent that may change a page or the browser (ToolStep.sent), when it sent anything. */
  sent?: readonly string[];
}

/** What prompt.ts may read of a call's result: its reply, whose call it answers, and whether it failed. */
export type ModelFacing = ModelReply & Pick<CallResult, 'id' | 'isError'>;

/** What the loop decides from: a call's result without its reply (only the repair nudge quotes that, repair.ts). */
export type LoopFacing = Omit<CallResult, keyof ModelReply>;

/** Carried across the calls of one turn. */
export interface TurnState {
  operable: boolean;
  /** The tool that changed the page earlier in this turn, if any. */
  pageChangedBy: string | null;
}

const HINTS: Partial<Record<string, string>> = {
  stale_ref: 'the element is gone or the page changed; use a ref from the latest observation',
  stale_snapshot: 'the page changed since the observation; use refs from the latest observation',
  not_interactable: 'the element cannot be used now (hidden, disabled or covered); try another element or scroll',
  not_owned: "only the task's own tabs can be used",
  tab_gone: 'the tab no longer exists',
  not_found: 'nothing matched',
};

/**
 * Codes for a call the page never got to answer because it was being left or replaced (the person reloaded the tab,
 * a page restored from the back/forward cache lost its channel): not the model's failure, so it costs no repair and
 * is no repeat (docs/contracts.md P-TURN). `page_changing` was refused before it ran (src/content/departure.ts);
 * `relay_lost` may have run before its answer was lost (decision 0011), and the model is told so, never that it did
 * not happen.
 */
const INTERRUPTED: Partial<Record<string, (name: string) => string>> = {
  page_changing: (name) =>
    `${name} was not run: the page was being left or reloaded when it arrived (not your doing, and not a failure ` +
    'of your call). The next observation shows the page the tab is on now; decide again from it.',
  relay_lost: (name) =>
    `${name}: the page changed while the call was on its way, and its answer was lost (not a failure of your ` +
    'call); it may or may not have happened. The next observation shows the page the tab is on now: check it ' +
    'before doing it again.',
};

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…` : text);

export function refusedCall(call: ModelToolCall, outcome: CallOutcome, text: string): CallResult {
  return {
    id: call.id,
    name: call.name,
    input: call.input,
    outcome,
    isError: true,
    text,
    brief: `${outcome}: ${clip(text, 120)}`,
    mayNavigate: false,
    effects: {},
  };
}

function failed(call: ModelToolCall, tool: AnyTool, error: unknown, tabId: number | null): CallResult {
  const message = error instanceof Error ? error.message : String(error);
  const code = isSteadyhandError(error) ? error.code : undefined;
  const hint = code ? HINTS[code] : undefined;
  const interrupted = code ? INTERRUPTED[code] : undefined;
  // A thrown message may quote what the model sent (an option, a file name): capped like any echo.
  const said = capEcho(message, RESULT_TEXT_MAX_CHARS);
  const text = interrupted
    ? `${interrupted(call.name)} (${code}: ${said})`
    : `${call.name} failed: ${said}${code ? ` (${code}${hint ? `: ${hint}` : ''})` : ''}`;
  // The page was being replaced: the next look waits for that navigation to land.
  const changing = interrupted && tabId !== null ? { pageChanged: true, navigatedTabId: tabId } : {};
  // Words the page wrote (a title in a stale_ref) go beside the text, fenced as page content (prompt.ts).
  const pageText = isSteadyhandError(error) && error.pageText !== undefined ? { pageText: error.pageText } : {};
  // Refused by the person's site decision (an act on a read-only site or in a denied frame): not a failure to repair.
  const siteDenied = isSteadyhandError(error) && error.site !== undefined ? { siteDenied: error.site } : {};
  return {
    ...refusedCall(call, 'execute_error', text),
    // The page's own words stay in the brief: the trace (and the worker-kill suite) must still tell one from another.
    brief: interrupted ? `interrupted by a page change (${code}): ${clip(message)}` : `error: ${clip(message)}`,
    mayNavigate: tool.mayNavigate,
    ...pageText,
    effects: { ...changing, ...(interrupted ? { interrupted: true } : {}), ...siteDenied },
  };
}

/**
 * Stop came while the call was out, after it had sent `sent` on: the page (or the browser) does not know about Stop,
 * so that may still happen. Said so to the person and, in a follow-up, to the model; never that it did not happen.
 */
function stoppedInFlight(
  call: ModelToolCall,
  tool: AnyTool,
  sent: readonly string[],
  tabId: number | null,
): CallResult {
  const what = sent.join(', ');
  const text =
    `${call.name} was stopped by the person while it was on its way: ${what} had already been sent, so it may have ` +
    'taken effect. Look at the page before doing it again.';
  // It may have navigated: the next look waits for that as after any navigation.
  const moved = tool.mayNavigate && tabId !== null ? { navigatedTabId: tabId } : {};
  return {
    ...refusedCall(call, 'stopped_in_flight', text),
    brief: `stopped while in flight: ${what} had been sent, so it may have taken effect`,
    mayNavigate: tool.mayNavigate,
    effects: moved,
    sent,
  };
}

export async function executeCall(call: ModelToolCall, ctx: ToolContext, turn: TurnState): Promise<CallResult> {
  const tool = toolNamed(call.name);
  const offered = offeredTools(ctx.settings, turn.operable);
  const names = offered.map((t) => t.name).join(', ');
  if (!tool) {
    // A name the API would refuse was replaced in the history (tool-names.ts); the model reads what it sent, capped.
    const pattern = isSendableToolName(call.name) ? '' : ' (tool names are letters, digits, _ and - only)';
    const text = `Unknown tool ${quotedToolName(call.name)}${pattern}. Available tools: ${names}.`;
    return refusedCall(call, 'unknown_tool', text);
  }
  if (!offered.includes(tool)) {
    const why = unavailableReason(tool, ctx.settings, turn.operable);
    return refusedCall(call, 'unknown_tool', `${call.name} is not available: ${why}. Available tools: ${names}.`);
  }
  if (call.inputError) {
    const { message, raw } = call.inputError;
    const text =
      `The input of ${call.name} was not valid JSON (${capEcho(message)}): ${capEcho(raw)}. Send the arguments ` +
      'as one JSON object.';
    return refusedCall(call, 'invalid_input', text);
  }
  const prepared = tool.prepare(call.input);
  if (!prepared.ok) {
    return refusedCall(
      call,
      'invalid_input',
      `Invalid input for ${call.name}: ${capEcho(prepared.message, RESULT_TEXT_MAX_CHARS)}. Fix it and call again.`,
    );
  }
  if (turn.pageChangedBy && (tool.usesPage || tool.name === 'done')) {
    const text =
      `Not run: ${turn.pageChangedBy} changed the page earlier in this turn. ` +
      'The next observation shows the page as it is now; decide again from it.';
    return { ...refusedCall(call, 'skipped', text), brief: `skipped (page changed by ${turn.pageChangedBy})` };
  }
  let output: ToolOutput;
  const sent: string[] = [];
  const sends: CallSends = { mark: (what) => void (sent.includes(what) || sent.push(what)) };
  const sentField = () => (sent.length > 0 ? { sent } : {});
  try {
    output = await prepared.run({ ...ctx, sent: sends, ...(call.expect ? { expect: call.expect } : {}) });
  } catch (error) {
    if (isAbort(error, ctx.signal)) {
      if (sent.length > 0) return stoppedInFlight(call, tool, sent, ctx.tabId);
      throw error;
    }
    const result = { ...failed(call, tool, error, ctx.tabId), ...sentField() };
    // The page was left under the call: the turn's later page calls would reach a page that is gone, or refs of it.
    if (result.effects.interrupted) turn.pageChangedBy = `${tool.name} (the page was left under it)`;
    return result;
  }
  const effects = output.effects ?? {};
  if (effects.pageChanged) turn.pageChangedBy = tool.name;
  const outcome: CallOutcome = effects.done
    ? effects.done.accepted
      ? 'done_accepted'
      : 'done_rejected'
    : output.outcome;
  return {
    ...output,
    // A backstop for echoes of what the model sent inside a tool's own wording (a key, a value): never unbounded.
    text: capEcho(output.text, RESULT_TEXT_MAX_CHARS),
    id: call.id,
    name: call.name,
    input: prepared.input,
    outcome,
    isError: outcome !== 'ok' && outcome !== 'done_accepted',
    mayNavigate: tool.mayNavigate,
    effects,
    ...sentField(),
  };
}
