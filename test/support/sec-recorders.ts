// Observers for the security tests, each watching the real thing without standing in for it: every message the
// content script of a tab receives (a listener installed in the extension's isolated world over CDP), every console
// line of every page, extension page and the service worker, and every chrome.scripting.executeScript the panel makes.

import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';

export interface ReceivedMessage {
  message: unknown;
  sender: { id?: string; url?: string; origin?: string; tab?: unknown };
  /** The CDP execution context (one per document's isolated world) it arrived in. */
  contextId: number;
}

export interface ContentRecorder {
  readonly messages: ReceivedMessage[];
  /** How many isolated worlds of the extension got the listener (one per document the tab showed). */
  readonly worlds: number;
  /** Evaluates `expression` in the newest isolated world of the extension in this tab (the content script's). */
  evaluate<T>(expression: string): Promise<T>;
  stop(): Promise<void>;
}

const BINDING = '__secRecordMessage';

// Runs in the content script's world: the listener returns nothing, so it never answers in place of the router.
const LISTENER = `(() => {
  const send = globalThis.${BINDING};
  chrome.runtime.onMessage.addListener((message, sender) => {
    send(JSON.stringify({ message, sender }));
  });
  return typeof send;
})()`;

interface ExecutionContext {
  id: number;
  name: string;
  origin: string;
  auxData?: { type?: string };
}

/**
 * Records what reaches the content script of `page`'s tab, across navigations: a binding reports each message to
 * the test the moment it arrives, so nothing is lost when a document (and its world) goes away.
 */
export async function recordContentMessages(
  context: BrowserContext,
  page: Page,
  extensionId: string,
): Promise<ContentRecorder> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const origin = `chrome-extension://${extensionId}`;
  const messages: ReceivedMessage[] = [];
  const installs: Promise<unknown>[] = [];
  let newest: number | null = null;
  let worlds = 0;
  cdp.on('Runtime.bindingCalled', (event: { name: string; payload: string; executionContextId: number }) => {
    if (event.name !== BINDING) return;
    const parsed = JSON.parse(event.payload) as Omit<ReceivedMessage, 'contextId'>;
    messages.push({ ...parsed, contextId: event.executionContextId });
  });
  cdp.on('Runtime.executionContextCreated', ({ context: created }: { context: ExecutionContext }) => {
    if (created.auxData?.type !== 'isolated' || created.origin !== origin) return;
    newest = created.id;
    worlds++;
    installs.push(cdp.send('Runtime.evaluate', { contextId: created.id, expression: LISTENER }).catch(() => {}));
  });
  // The extension's isolated world is named after the extension; the binding follows it into every new document.
  await cdp.send('Runtime.addBinding', { name: BINDING, executionContextName: 'Steadyhand' });
  await cdp.send('Runtime.enable');
  return {
    messages,
    get worlds() {
      return worlds;
    },
    async evaluate<T>(expression: string): Promise<T> {
      await Promise.all(installs);
      if (newest === null) throw new Error('No Steadyhand content script world in this tab yet.');
      const { result, exceptionDetails } = (await cdp.send('Runtime.evaluate', {
        contextId: newest,
        expression,
        awaitPromise: true,
        returnByValue: true,
      })) as { result: { value: T }; exceptionDetails?: { text: string } };
      if (exceptionDetails) throw new Error(exceptionDetails.text);
      return result.value;
    },
    async stop() {
      await Promise.all(installs);
      await cdp.detach().catch(() => {});
    },
  };
}

export interface ConsoleLine {
  source: string;
  type: string;
  text: string;
}

/**
 * Every console line (and uncaught error) of the browser context: web pages, their isolated worlds, the panel, the
 * worker.
 */
export function recordConsole(context: BrowserContext): { lines: ConsoleLine[]; stop(): void } {
  const lines: ConsoleLine[] = [];
  const onConsole = (message: { type(): string; text(): string; page(): Page | null }) => {
    lines.push({ source: message.page()?.url() ?? 'service worker', type: message.type(), text: message.text() });
  };
  const onError = (error: { page(): Page | null; error(): Error }) => {
    const { message, stack } = error.error();
    lines.push({ source: error.page()?.url() ?? 'unknown', type: 'uncaught', text: `${message}\n${stack ?? ''}` });
  };
  context.on('console', onConsole);
  context.on('weberror', onError);
  return {
    lines,
    stop() {
      context.off('console', onConsole);
      context.off('weberror', onError);
    },
  };
}

export interface Injection {
  target: { tabId: number; frameIds?: number[]; allFrames?: boolean };
  files?: string[];
  func?: string;
}

/** The extension's service worker as Playwright sees it (the worker runs the injections, decision 0013). */
async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Records every chrome.scripting.executeScript the service worker makes from now on (it injects for the panel), then
 * calls through to Chrome's own: the injections still happen, the test only sees them.
 */
export async function recordInjections(context: BrowserContext): Promise<void> {
  await (await serviceWorker(context)).evaluate(() => {
    const g = globalThis as typeof globalThis & { secInjections?: Injection[]; secOriginalExecute?: unknown };
    g.secInjections = [];
    if (!g.secOriginalExecute) {
      const original = chrome.scripting.executeScript.bind(chrome.scripting);
      g.secOriginalExecute = original;
      const recorded = (injection: chrome.scripting.ScriptInjection<unknown[], unknown>) => {
        g.secInjections?.push({
          target: injection.target,
          ...('files' in injection && injection.files ? { files: injection.files } : {}),
          ...('func' in injection && injection.func ? { func: injection.func.name } : {}),
        });
        return original(injection);
      };
      Object.defineProperty(chrome.scripting, 'executeScript', { value: recorded, configurable: true });
    }
  });
}

export async function injections(context: BrowserContext): Promise<Injection[]> {
  return (await serviceWorker(context)).evaluate(
    () => (globalThis as typeof globalThis & { secInjections?: Injection[] }).secInjections ?? [],
  );
}
