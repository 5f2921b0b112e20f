// Helpers shared by the tool handlers: binding a schema to its handler, turning schema issues into a sentence the
// model can fix its call from, and reporting an ActionResult (with its postcondition) back to the model.

import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { ActionResult } from '../../../shared/page-types';
import { PAGE_METHODS, type PageMethod } from '../../../shared/protocol';
import { safeParseOrigin } from '../../../shared/urls';
import { raceAbort } from '../core/abort';
import { capEcho, ECHO_MAX_CHARS } from '../core/echo';
import { hiddenLimitNote } from '../observe/hidden-tab';
import { actGate, frameGate } from '../observe/site-gate';
import type { AnyTool, ToolContext, ToolOutput, ToolSpec } from './types';

export function defineTool<S extends z.ZodType>(spec: ToolSpec<S>): AnyTool {
  const { run, ...meta } = spec;
  return {
    ...meta,
    prepare(input) {
      const parsed = spec.schema.safeParse(input);
      if (!parsed.success) return { ok: false, message: describeIssues(parsed.error.issues, input) };
      return { ok: true, input: parsed.data, run: (ctx) => run(parsed.data, ctx) };
    },
  };
}

/**
 * Schema issues as one sentence. A field the model left out reads "`ref` is required", not zod's "expected number,
 * received undefined", which a model reads as a type to fix. What zod quotes of the input is capped (echo.ts).
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input?: unknown): string {
  return issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'input';
      if (issue.code === 'invalid_type' && issue.path.length > 0 && valueAt(input, issue.path) === undefined) {
        return `\`${capEcho(where, ECHO_MAX_CHARS)}\` is required`;
      }
      return `${capEcho(where, ECHO_MAX_CHARS)}: ${capEcho(issue.message, ECHO_MAX_CHARS)}`;
    })
    .join('; ');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const SAFE_INT = Number.MAX_SAFE_INTEGER;

/** zod's JSON Schema without what the API does not need: `$schema` and the safe-integer bounds of `.int()`. */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    if ((key === 'minimum' && value === -SAFE_INT) || (key === 'maximum' && value === SAFE_INT)) continue;
    out[key] = tidy(value);
  }
  return out;
}

export function toAnthropicTool(tool: AnyTool): Anthropic.Tool {
  const schema = tidy(z.toJSONSchema(tool.schema)) as Anthropic.Tool.InputSchema;
  return { name: tool.name, description: tool.description, input_schema: schema };
}

/**
 * The options of a page call made for a tool: the task's signal, and its site gates: which of the page's frames may
 * be read, and whether the agent may act where the call lands (the page the model saw, or one of its frames).
 */
export function callOptions(ctx: ToolContext, timeoutMs?: number) {
  const frameAllowed = frameGate(ctx.sites);
  const mayAct = actGate(ctx.sites, ctx.snapshot?.url ?? null, ctx.signal);
  const onSent = sentHook(ctx);
  return timeoutMs === undefined
    ? { signal: ctx.signal, frameAllowed, mayAct, onSent }
    : { signal: ctx.signal, timeoutMs, frameAllowed, mayAct, onSent };
}

/**
 * Tells the call's log (ToolStep.sent) of each page method it sent that the page runs once, an action: a read sent
 * before a Stop changes nothing, an action may still land (src/shared/protocol.ts §PAGE_METHODS).
 */
export function sentHook(ctx: Pick<ToolContext, 'sent'>): (method: PageMethod) => void {
  return (method) => {
    if (!PAGE_METHODS[method].idempotent) ctx.sent?.mark(method);
  };
}

/** The role of a ref in the observation, so "click [12] (button)" reads well in the history. */
export function refLabel(ctx: ToolContext, ref: number): string {
  const element = ctx.snapshot?.elements.find((e) => e.ref === ref);
  return element ? `[${ref}] (${element.role})` : `[${ref}]`;
}

const MAX_NAME_CHARS = 80;

/**
 * The elements an action's refs name, `Element [12]: button "Place order"`: from the page layer's record of what the
 * latest snapshot or find listed (`targets`, which covers refs found by find), else from the observation. Names are
 * page content: they go in the fenced part of the result, never in its trusted text.
 */
function targetLines(result: ActionResult, ctx: ToolContext, refs: readonly number[]): string[] {
  return refs.flatMap((ref) => {
    const target = result.targets?.find((t) => t.ref === ref) ?? ctx.snapshot?.elements.find((e) => e.ref === ref);
    if (!target) return [];
    const flat = target.name.replace(/\s+/g, ' ').trim();
    const name = flat.length > MAX_NAME_CHARS ? `${flat.slice(0, MAX_NAME_CHARS - 1)}…` : flat;
    // Not an observation line (`[12] button …` with its state): a reader of the step must not take it for one.
    return [`Element [${ref}]: ${target.role} ${JSON.stringify(name)}`];
  });
}

/**
 * An action's result as the model hears it. `verified: false` is a failed postcondition (`failed_verify`) unless
 * verify mode is off; `ok: false` means the page could not perform the action at all. `refs` are the elements the
 * action took, named in the result so the model sees what it touched (decision 0024).
 */
export function reportAction(
  what: string,
  result: ActionResult,
  ctx: ToolContext,
  refs: readonly number[] = [],
): ToolOutput {
  const effects = result.effects.filter((effect) => effect !== 'none');
  const verification = {
    verified: result.verified,
    effects: result.effects,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.hidden ? { hidden: result.hidden } : {}),
  };
  const navigated = effects.includes('navigation');
  // The page's reason quotes element names and values, and the elements' names are the page's words: page content,
  // so they reach the model fenced like any other.
  const named = targetLines(result, ctx, refs);
  const pageLines = [...named, ...(result.reason ? [result.reason] : [])];
  const fromPage = pageLines.length > 0 ? { pageText: pageLines.join('\n') } : {};
  const element =
    named.length === 0
      ? ''
      : named.length === 1
        ? " The element, in the page's words:"
        : " The elements, in the page's words:";
  const shared = {
    verification,
    ...fromPage,
    ...(navigated && ctx.tabId !== null ? { effects: { pageChanged: true, navigatedTabId: ctx.tabId } } : {}),
  };
  if (!result.ok) {
    const reason = result.reason ?? 'the page could not perform it';
    const text = result.reason
      ? named.length > 0
        ? `${what} failed. The element, then why, in the page's words:`
        : `${what} failed; the page says why:`
      : `${what} failed: ${reason}${element ? `.${element}` : ''}`;
    return { outcome: 'execute_error', text, brief: `error: ${reason}`, ...shared };
  }
  const effectText = effects.length > 0 ? effects.join(', ') : 'no visible effect';
  const newTab =
    (effects.includes('new_window')
      ? ' A new tab opened: it is listed under Tabs in the next observation; use switch_tab to work there.'
      : '') + (result.hidden ? ` ${hiddenLimitNote(result.hidden)}` : '');
  if (!result.verified && ctx.settings.verifyMode !== 'off') {
    const reason = result.reason ?? 'no observable effect';
    const why = result.reason
      ? named.length > 0
        ? 'the page says why, after the element'
        : 'the page says why'
      : reason;
    return {
      outcome: 'failed_verify',
      text: `${what}: failed_verify: ${why} (effects: ${effectText}).${newTab}${result.reason ? '' : element}`,
      brief: `failed_verify: ${reason}`,
      ...shared,
    };
  }
  const note = result.reason
    ? named.length > 0
      ? ' The element, then a note the page adds, in its words:'
      : ' The page adds a note:'
    : element;
  return {
    outcome: 'ok',
    text: `${what}: done (effects: ${effectText}).${newTab}${note}`,
    brief: `ok (${effectText})`,
    ...shared,
  };
}

/**
 * What a reading tool got must come from a site the task may use. A page can move itself between the observation and
 * the read (a redirect a moment after a click): when the tab is now on another origin the task has not been allowed
 * (decision 0010), the result is withheld, and the next step asks about that origin. Null when the read may be sent.
 */
export async function withheldRead(ctx: ToolContext, tool: string, tabId: number): Promise<ToolOutput | null> {
  const tab = await raceAbort(ctx.tabs.getTab(tabId), ctx.signal, tool);
  const origin = safeParseOrigin(tab?.url);
  if (
    !origin ||
    origin === safeParseOrigin(ctx.snapshot?.url) ||
    ctx.sites.verdict(origin, 'read').kind === 'allowed'
  ) {
    return null;
  }
  return {
    outcome: 'execute_error',
    text:
      `${tool}: the page moved to ${origin} while it was read, a site this task has not been allowed to use, so ` +
      'nothing it read is shown. The next observation shows where the tab is.',
    brief: `withheld: the page moved to ${origin}`,
    effects: { pageChanged: true, navigatedTabId: tabId, siteDenied: origin },
  };
}
