// Helpers for the hostile-page suite: calls with the relay's own default deadline, agent settings for one test,
// the mask's Stop button seen through CDP, and what the agent did in a run.

import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/events';
import type { AgentSettings } from '../../src/panel/agent/settings';
import type { PageArgs, PageMethod, PageResult } from '../../src/shared/protocol';
import type { ExtensionHarness } from './extension';
import type { PanelGlobal } from './panel';

/** Calls `method` with no deadline of our own: the relay's default applies, as for most of the agent's calls. */
export function callWithDefaultDeadline<M extends PageMethod>(
  harness: ExtensionHarness,
  tabId: number,
  method: M,
  ...args: PageArgs<M>
): Promise<PageResult<M>> {
  return harness.panel.evaluate(
    async ({ tabId, method, args }) => {
      const page = (globalThis as PanelGlobal).steadyhand.pages(tabId) as unknown as Record<
        string,
        (...a: unknown[]) => Promise<unknown>
      >;
      return (await page[method]?.(...args)) as never;
    },
    { tabId, method, args: args as unknown[] },
  ) as Promise<PageResult<M>>;
}

/** Changes agent settings and returns a function that puts the old values back. */
export async function withAgentSettings(panel: Page, patch: Partial<AgentSettings>): Promise<() => Promise<void>> {
  const before = await panel.evaluate((keys) => {
    const state = (globalThis as PanelGlobal).steadyhand.settings.getState() as unknown as Record<string, unknown>;
    return Object.fromEntries(keys.map((key) => [key, state[key]]));
  }, Object.keys(patch));
  const apply = (values: Record<string, unknown>) =>
    panel.evaluate(
      (v) => (globalThis as PanelGlobal).steadyhand.settings.getState().update(v as Partial<AgentSettings>),
      values,
    );
  await apply(patch);
  return () => apply(before);
}

/** The centre and box of the mask's Stop button, found through CDP, which sees into its closed shadow root. */
export async function maskStopButton(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    type DomNode = { nodeId: number; nodeName: string; children?: DomNode[]; shadowRoots?: DomNode[] };
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    // The mask's host is the element beside head and body on <html> (its tag is random: test/support/panel.ts MASK).
    const isHost = (node: DomNode, parent: DomNode | null) =>
      parent?.nodeName === 'HTML' && node.nodeName !== 'HEAD' && node.nodeName !== 'BODY';
    const find = (node: DomNode, inMask: boolean, parent: DomNode | null = null): DomNode | null => {
      const here = inMask || isHost(node, parent);
      if (here && node.nodeName === 'BUTTON') return node;
      for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
        const found = find(child, here, node);
        if (found) return found;
      }
      return null;
    };
    const button = find(root, false);
    if (!button) throw new Error('No Stop button in the mask');
    const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: button.nodeId })) as {
      model: { border: number[] };
    };
    const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.border;
    return { x: (x1 + x3) / 2, y: (y1 + y3) / 2, width: x3 - x1, height: y3 - y1 };
  } finally {
    await cdp.detach();
  }
}

/** `[tool, outcome]` for every tool result of a run, in order. */
export function outcomes(events: AgentEvent[]): [string, string][] {
  return events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome] as [string, string]] : []));
}

/** The tool results of one tool, in order. */
export function resultsOf(events: AgentEvent[], tool: string): Extract<AgentEvent, { type: 'tool_result' }>[] {
  return events.filter(
    (e): e is Extract<AgentEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.name === tool,
  );
}
