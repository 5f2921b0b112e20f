// Runs one tool call from the model, whatever it contains. Unknown tools, tools not offered now, broken JSON,
// inputs the schema rejects, stale refs and every page or tab failure become a result that says what was wrong;
// only Stop (an abort) leaves this function by throwing.

import { isSteadyhandError } from '../../../shared/errors';
import { isAbort } from '../abort';
import type { CallOutcome } from '../events';
import type { ModelToolCall } from '../model';
import { offeredTools, toolNamed, unavailableReason } from './registry';
import type { AnyTool, ToolContext, ToolOutput } from './types';

export interface CallResult extends Omit<ToolOutput, 'outcome'> {
  id: string;
  name: string;
  input: unknown;
  outcome: CallOutcome;
  isError: boolean;
  /** The call was run and may have moved the agent's tab (decision 0006: the pinned origin may follow). */
  mayNavigate: boolean;
}

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
  page_changing: 'nothing was done; the next observation shows the page the tab lands on',
};

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…` : text);

function refused(call: ModelToolCall, outcome: CallOutcome, text: string): CallResult {
  return {
    id: call.id,
    name: call.name,
    input: call.input,
    outcome,
    isError: true,
    text,
    brief: `${outcome}: ${clip(text, 120)}`,
    mayNavigate: false,
  };
}

function failed(call: ModelToolCall, tool: AnyTool, error: unknown, tabId: number | null): CallResult {
  const message = error instanceof Error ? error.message : String(error);
  const code = isSteadyhandError(error) ? error.code : undefined;
  const hint = code ? HINTS[code] : undefined;
  const text = `${call.name} failed: ${message}${code ? ` (${code}${hint ? `: ${hint}` : ''})` : ''}`;
  // Refused because the page was already being replaced: the next look waits for that navigation to land.
  const changing = code === 'page_changing' && tabId !== null ? { pageChanged: true, navigatedTabId: tabId } : {};
  // Words the page wrote (a title in a stale_ref) go beside the text, fenced as page content (prompt.ts).
  const pageText = isSteadyhandError(error) && error.pageText !== undefined ? { pageText: error.pageText } : {};
  return {
    ...refused(call, 'execute_error', text),
    brief: `error: ${clip(message)}`,
    mayNavigate: tool.mayNavigate,
    ...changing,
    ...pageText,
  };
}

export async function executeCall(call: ModelToolCall, ctx: ToolContext, turn: TurnState): Promise<CallResult> {
  const tool = toolNamed(call.name);
  const offered = offeredTools(ctx.settings, turn.operable);
  const names = offered.map((t) => t.name).join(', ');
  if (!tool) return refused(call, 'unknown_tool', `Unknown tool "${call.name}". Available tools: ${names}.`);
  if (!offered.includes(tool)) {
    const why = unavailableReason(tool, ctx.settings, turn.operable);
    return refused(call, 'unknown_tool', `${call.name} is not available: ${why}. Available tools: ${names}.`);
  }
  if (call.inputError) {
    const { message, raw } = call.inputError;
    const text = `The input of ${call.name} was not valid JSON (${message}): ${raw}. Send the arguments as one JSON object.`;
    return refused(call, 'invalid_input', text);
  }
  const prepared = tool.prepare(call.input);
  if (!prepared.ok) {
    return refused(
      call,
      'invalid_input',
      `Invalid input for ${call.name}: ${prepared.message}. Fix it and call again.`,
    );
  }
  if (turn.pageChangedBy && (tool.usesPage || tool.name === 'done')) {
    const text =
      `Not run: ${turn.pageChangedBy} changed the page earlier in this turn. ` +
      'The next observation shows the page as it is now; decide again from it.';
    return { ...refused(call, 'skipped', text), brief: `skipped (page changed by ${turn.pageChangedBy})` };
  }
  let output: ToolOutput;
  try {
    output = await prepared.run(ctx);
  } catch (error) {
    if (isAbort(error, ctx.signal)) throw error;
    return failed(call, tool, error, ctx.tabId);
  }
  if (output.pageChanged) turn.pageChangedBy = tool.name;
  const outcome: CallOutcome = output.done
    ? output.done.accepted
      ? 'done_accepted'
      : 'done_rejected'
    : output.outcome;
  return {
    ...output,
    id: call.id,
    name: call.name,
    input: prepared.input,
    outcome,
    isError: outcome !== 'ok' && outcome !== 'done_accepted',
    mayNavigate: tool.mayNavigate,
  };
}
