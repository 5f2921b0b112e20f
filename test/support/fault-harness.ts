// Shared by the fault-*.e2e.ts files (docs/testing.md, Faults and security): the panel page closed and opened again,
// the extension reloaded, the agent's events and model requests watched while a task runs, and the mask read from each
// tab's DOM.

import type Anthropic from '@anthropic-ai/sdk';
import type { Page } from 'playwright-core';
import type { AgentEvent, TaskResult } from '../../src/panel/agent/events';
import { latestPage, type SeenPage } from '../../src/panel/agent/observation-reader';
import type { ExtensionHarness } from './extension';
import type { FakeAnthropic, Turn } from './fake-anthropic';
import { MASK, type PanelGlobal } from './panel';

export const HISTORY_KEY = 'steadyhand.history';

type FaultGlobal = PanelGlobal & {
  faultEvents?: AgentEvent[];
  faultResult?: Promise<TaskResult>;
  faultUnsubscribe?: () => void;
};

// ---- the panel page ----------------------------------------------------------------------------------------------

/** Opens the panel page (as opening the side panel does) and makes it the harness's panel from now on. */
export async function openPanel(harness: ExtensionHarness): Promise<Page> {
  const panel = await harness.context.newPage();
  await panel.goto(harness.panelUrl);
  await panel.waitForFunction(() => 'steadyhand' in globalThis);
  harness.panel = panel;
  return panel;
}

/**
 * Starts a task in the panel without waiting for it, recording every agent event (but streamed text and metrics)
 * in the panel, so the test can act on the browser at a chosen moment of the run.
 */
export async function startTask(panel: Page, instruction: string): Promise<void> {
  await panel.evaluate((text) => {
    const g = globalThis as FaultGlobal;
    const events: AgentEvent[] = [];
    g.faultEvents = events;
    g.faultUnsubscribe?.();
    g.faultUnsubscribe = g.steadyhand.controller.subscribe((event) => {
      if (event.type !== 'model_text' && event.type !== 'metrics') events.push(event);
    });
    g.faultResult = g.steadyhand.controller.execute(text);
  }, instruction);
}

/** The result of the task startTask began, once it ends. */
export function taskResult(panel: Page): Promise<{ result: TaskResult; events: AgentEvent[] }> {
  return panel.evaluate(async () => {
    const g = globalThis as FaultGlobal;
    if (!g.faultResult) throw new Error('No task was started with startTask.');
    const result = await g.faultResult;
    return { result, events: g.faultEvents ?? [] };
  });
}

/** Waits until the running task emitted an event with these fields (e.g. {type: 'tool_call', name: 'wait_for'}). */
export async function waitForAgentEvent(panel: Page, match: Partial<Record<string, unknown>>): Promise<void> {
  await panel.waitForFunction(
    (m) =>
      ((globalThis as FaultGlobal).faultEvents ?? []).some((event) =>
        Object.entries(m).every(([key, value]) => (event as unknown as Record<string, unknown>)[key] === value),
      ),
    match,
    { timeout: 20_000 },
  );
}

export interface StoredTask {
  taskId: string;
  status: string;
  instructions: string[];
  summary?: string;
  steps: { step: number; calls: { name: string; outcome?: string }[] }[];
}

/** The task history as chrome.storage.local holds it: what the next panel loads. */
export async function storedHistory(panel: Page): Promise<{ tasks: Record<string, StoredTask>; order: string[] }> {
  const raw = await panel.evaluate(async (key) => (await chrome.storage.local.get(key))[key], HISTORY_KEY);
  if (typeof raw !== 'string') return { tasks: {}, order: [] };
  return (JSON.parse(raw) as { state: { tasks: Record<string, StoredTask>; order: string[] } }).state;
}

// ---- the model ------------------------------------------------------------------------------------------------------

/** A model request as the test reads it: the observation it carries, and which request it is (0-based). */
export interface HeldRequest extends SeenPage {
  index: number;
}

/**
 * Model requests the test answers when it is ready: `next()` resolves with the next request once it arrived (the
 * agent now waits for the model), and `answer(turn)` replies to the request being held.
 */
export class HeldModel {
  private waiting: ((turn: Turn) => void)[] = [];
  private arrivals: HeldRequest[] = [];
  private listeners: ((request: HeldRequest) => void)[] = [];

  constructor(fake: FakeAnthropic) {
    fake.respondWith(
      (request, index) =>
        new Promise<Turn>((resolve) => {
          this.waiting.push(resolve);
          const messages = (request.body?.messages ?? []) as Anthropic.MessageParam[];
          const held = { ...latestPage(messages), index };
          const listener = this.listeners.shift();
          if (listener) listener(held);
          else this.arrivals.push(held);
        }),
    );
  }

  /** Resolves once the next model request has arrived (it is held until `answer`). */
  next(): Promise<HeldRequest> {
    const arrived = this.arrivals.shift();
    if (arrived !== undefined) return Promise.resolve(arrived);
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  /** Answers the oldest held request. */
  answer(turn: Turn): void {
    const resolve = this.waiting.shift();
    if (!resolve) throw new Error('No model request is waiting for an answer.');
    resolve(turn);
  }
}

// ---- tabs, windows and the mask ---------------------------------------------------------------------------------

/** How many mask hosts the page's DOM holds now (-1 while the page is between two documents). */
export function maskCount(page: Page): Promise<number> {
  return page
    .locator(MASK)
    .count()
    .catch(() => -1);
}

/** Waits until the page holds the mask (or, with `present` false, holds none). */
export async function waitForMask(page: Page, present: boolean, timeoutMs = 10_000): Promise<void> {
  await page.waitForSelector(MASK, { state: present ? 'attached' : 'detached', timeout: timeoutMs });
}

/** Chrome's view of a tab from the panel: null when it is gone. */
export function tabInfo(
  panel: Page,
  tabId: number,
): Promise<{ windowId: number; active: boolean; discarded: boolean; url: string } | null> {
  return panel.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id).catch(() => null);
    if (!tab) return null;
    return { windowId: tab.windowId, active: tab.active, discarded: tab.discarded, url: tab.url ?? '' };
  }, tabId);
}

// ---- the extension ------------------------------------------------------------------------------------------------

/**
 * Turns on developer mode in chrome://extensions, as a developer who reloads an unpacked extension has it: without
 * it Chrome disables an extension loaded from the command line when it reloads
 * (disable reason DISABLE_UNSUPPORTED_DEVELOPER_EXTENSION).
 */
export async function enableDeveloperMode(harness: ExtensionHarness): Promise<void> {
  const page = await harness.context.newPage();
  try {
    await page.goto('chrome://extensions/');
    const toggle = page.locator('#devMode');
    if (!(await toggle.evaluate((el) => (el as HTMLInputElement).checked))) await toggle.click();
    await page.waitForFunction(() => {
      const manager = document.querySelector('extensions-manager');
      const toolbar = manager?.shadowRoot?.querySelector('extensions-toolbar');
      const devMode = toolbar?.shadowRoot?.querySelector('#devMode') as HTMLInputElement | null | undefined;
      return devMode?.checked === true;
    });
  } finally {
    await page.close();
  }
}

/**
 * Reloads the extension from its panel page (chrome.runtime.reload()), as an update does: Chrome closes the panel
 * page and orphans every content script. Resolves with a new panel page once the reloaded extension is up (its
 * service worker started). Needs developer mode (enableDeveloperMode) and another tab open: Chrome keeps a panel page
 * that is the last tab of its window.
 */
export async function reloadExtension(harness: ExtensionHarness): Promise<Page> {
  const closed = harness.panel.waitForEvent('close');
  const restarted = harness.context.waitForEvent('serviceworker', { timeout: 15_000 });
  // From a timer, so the evaluate call returns before the page goes away with the extension.
  await harness.panel.evaluate(() => {
    setTimeout(() => chrome.runtime.reload(), 0);
  });
  await Promise.all([closed, restarted]);
  return openPanel(harness);
}
