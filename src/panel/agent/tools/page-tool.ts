// A tool on the page the model saw, written once: its preamble (the page and the snapshot the model acted on, the
// call options that carry the task's signal and site gates, the site gate before an action that may navigate) and an
// action's report (reportAction). A page action is then one entry: the page method it calls, the argument it sends
// and how the model hears it; a tool that reads, or does more than one call, gets the page and writes its own run.

import { z } from 'zod';
import { TabError } from '../../../shared/errors';
import type { ActionResult, NavigationVia } from '../../../shared/page-types';
import type { PageArgs, PageResult } from '../../../shared/protocol';
import type { CallOptions } from '../../../shared/rpc';
import type { AgentCalls, AgentMethod } from '../core/ports';
import type { AgentSettings } from '../core/settings';
import { callOptions, defineTool, reportAction } from './common';
import { refusedNavigation } from './navigation-gate';
import type { AnyTool, PageHandle, ToolContext, ToolOutput } from './types';

export const ref = z
  .number()
  .int()
  .nonnegative()
  .describe('The element ref from the latest observation, e.g. 12 for [12].');

/** The page methods that act on an element and answer with what the action did. */
export type ActionMethod = {
  [M in AgentMethod]: PageResult<M> extends ActionResult ? M : never;
}[AgentMethod];

interface PageToolMeta<S extends z.ZodType> {
  name: string;
  description: string;
  schema: S;
  /** May take the agent's tab to another document or tab (decision 0006). */
  mayNavigate: boolean;
  /** Offered only when this holds (screenshot: vision; evaluate: allowScript). */
  enabled?(settings: AgentSettings): boolean;
}

/** The page the model saw, and the options of a call made on it for this tool (a deadline of its own if given). */
export interface PageAt extends PageHandle {
  options(timeoutMs?: number): CallOptions;
}

/** A page action as one entry. */
export interface PageActionSpec<S extends z.ZodType, M extends ActionMethod> extends PageToolMeta<S> {
  method: M;
  /** What the page method is sent, against the snapshot the model saw. */
  args(input: z.infer<S>, snapshotId: string): PageArgs<M>;
  /** The action as the model reads it ("click [12] (button)") and the refs it took, named in its result. */
  report(input: z.infer<S>, ctx: ToolContext): { what: string; refs: number[] };
  /**
   * Where the action may lead, asked about before it runs (navigation-gate.ts), with the action's words for the
   * question; null or absent: nothing to ask.
   */
  leadsTo?(input: z.infer<S>, ctx: ToolContext): { target: { ref?: number; via: NavigationVia }; what: string } | null;
}

/** A page tool that reads, or calls the page more than once: it writes its own run. */
export interface PageRunSpec<S extends z.ZodType> extends PageToolMeta<S> {
  run(input: z.infer<S>, at: PageAt, ctx: ToolContext): Promise<ToolOutput>;
}

export function pageTool<S extends z.ZodType, M extends ActionMethod>(spec: PageActionSpec<S, M>): AnyTool;
export function pageTool<S extends z.ZodType>(spec: PageRunSpec<S>): AnyTool;
export function pageTool<S extends z.ZodType, M extends ActionMethod>(
  spec: PageActionSpec<S, M> | PageRunSpec<S>,
): AnyTool {
  const run = 'run' in spec ? spec.run : act(spec);
  return defineTool({
    name: spec.name,
    description: spec.description,
    schema: spec.schema,
    group: 'page',
    mayNavigate: spec.mayNavigate,
    usesPage: true,
    ...(spec.enabled ? { enabled: spec.enabled } : {}),
    run: (input: z.infer<S>, ctx: ToolContext) =>
      run(input, { ...pageOf(ctx), options: (timeoutMs) => callOptions(ctx, timeoutMs) }, ctx),
  });
}

/** The page the model saw, or a TabError saying why there is none. */
export function pageOf(ctx: ToolContext): PageHandle {
  if (ctx.tabId === null) throw new TabError('tab_gone', 'The agent has no tab: open one with open_url.');
  if (!ctx.snapshot) throw new TabError('restricted', 'This page cannot be operated: use open_url or go_back.');
  return { page: ctx.tabs.page(ctx.tabId), tabId: ctx.tabId, snapshotId: ctx.snapshot.snapshotId };
}

function act<S extends z.ZodType, M extends ActionMethod>(spec: PageActionSpec<S, M>): PageRunSpec<S>['run'] {
  return async (input, at, ctx) => {
    const gate = spec.leadsTo?.(input, ctx);
    if (gate) {
      const refused = await refusedNavigation(ctx, at, gate.target, gate.what);
      if (refused) return refused;
    }
    const calls: AgentCalls = at.page;
    const args = spec.args(input, at.snapshotId);
    const sent = ctx.expect ? { ...args, expect: ctx.expect } : args;
    const result = await calls[spec.method](sent, at.options());
    const { what, refs } = spec.report(input, ctx);
    return reportAction(what, result, ctx, refs);
  };
}
