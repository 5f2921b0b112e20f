// The one way an e2e test calls a tab's page API: from inside the panel page, through the relay, exactly as the
// panel's own code does (`steadyhand.pages(tabId)[method](...)`).

import type { Page } from 'playwright-core';
import type { ErrorCode } from '../../../src/shared/errors';
import type { PageApi, PageMethod, PageResult } from '../../../src/shared/protocol';
import type { PanelGlobal } from '../../support/panel';

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; name: string; message: string };

/** Calls `method` on the tab's content script and returns the value or the typed error (never throws). */
export function tryCall<M extends PageMethod>(
  panel: Page,
  tabId: number,
  method: M,
  ...args: Parameters<PageApi[M]>
): Promise<Outcome<PageResult<M>>> {
  return panel.evaluate(
    async ({ tabId, method, args }) => {
      const page = (globalThis as PanelGlobal).steadyhand.pages(tabId) as unknown as Record<
        string,
        (...a: unknown[]) => Promise<unknown>
      >;
      const fn = page[method];
      if (!fn) throw new Error(`No method ${method}`);
      try {
        return { ok: true as const, value: await fn(args[0], { timeoutMs: 20_000 }) };
      } catch (error) {
        const e = error as { code: ErrorCode; name: string; message: string };
        return { ok: false as const, code: e.code, name: e.name, message: e.message };
      }
    },
    { tabId, method, args: args as unknown[] },
  ) as Promise<Outcome<PageResult<M>>>;
}

/** Calls `method` and returns its value; a typed error fails the test with its code and message. */
export async function call<M extends PageMethod>(
  panel: Page,
  tabId: number,
  method: M,
  ...args: Parameters<PageApi[M]>
): Promise<PageResult<M>> {
  const outcome = await tryCall(panel, tabId, method, ...args);
  if (!outcome.ok) throw new Error(`${method} failed with ${outcome.code}: ${outcome.message}`);
  return outcome.value;
}

/** The ref of the first listed element with this role and name (fails the test when there is none). */
export function refOf(
  snapshot: { elements: { ref: number; role: string; name: string }[] },
  role: string,
  name: string,
): number {
  const element = snapshot.elements.find((e) => e.role === role && e.name === name);
  if (!element)
    throw new Error(
      `No ${role} "${name}" in the snapshot: ${snapshot.elements.map((e) => `${e.role} "${e.name}"`).join(', ')}`,
    );
  return element.ref;
}

/** Text of an element in the page (for checking what an action did, independently of the page API). */
export function textIn(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => el.textContent ?? '');
}
