// Helpers for the hostile-page suite: calls held to the relay's own default deadline, agent settings for one test,
// the mask's Stop button seen through CDP, and the results of one tool in a run.

import type { Page } from 'playwright-core';
import type { AgentSettings } from '../../src/panel/agent/core/settings';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import type { PageApi, PageMethod, PageResult } from '../../src/shared/protocol';
import { DEFAULT_CALL_TIMEOUT_MS } from '../../src/shared/rpc';
import { call } from '../e2e/kit/page-calls';
import type { PanelGlobal } from './panel';

/**
 * Calls `method` (the kit's call) and fails unless it answered within the relay's default deadline, the one most of
 * the agent's calls get: a page too big to answer in it would fail the agent's own calls.
 */
export async function callWithDefaultDeadline<M extends PageMethod>(
  panel: Page,
  tabId: number,
  method: M,
  ...args: Parameters<PageApi[M]>
): Promise<PageResult<M>> {
  const started = performance.now();
  const value = await call(panel, tabId, method, ...args);
  const took = Math.round(performance.now() - started);
  if (took > DEFAULT_CALL_TIMEOUT_MS) {
    throw new Error(
      `${method} answered in ${took} ms, past the relay's default deadline (${DEFAULT_CALL_TIMEOUT_MS} ms)`,
    );
  }
  return value;
}

/** Changes agent settings and returns a function that puts the old values back. */
export async function withAgentSettings(panel: Page, patch: Partial<AgentSettings>): Promise<() => Promise<void>> {
  const before = await panel.evaluate((keys) => {
    const { settings } = (globalThis as PanelGlobal).steadyhand.settings.getState();
    return Object.fromEntries(keys.map((key) => [key, (settings as unknown as Record<string, unknown>)[key]]));
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

/** The tool results of one tool, in order. */
export function resultsOf(events: AgentEvent[], tool: string): Extract<AgentEvent, { type: 'tool_result' }>[] {
  return events.filter(
    (e): e is Extract<AgentEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.name === tool,
  );
}
