// The toolbar badge in real Chromium (docs/contracts.md O-WAIT-*): a task that waits for the person (an ask_user
// question, a site question) puts the number of waiting tasks on the extension's icon, read back with
// chrome.action.getBadgeText({}) (the global badge, every window's); the answer clears it. Two windows' panels count
// together, and a panel that goes away takes its own tasks off the badge, leaving the others'.

import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { openPanel } from '../support/fault-harness';
import { permissionBox } from '../support/perm-sites';
import {
  act,
  describe,
  type ExtensionHarness,
  expect,
  type FixtureServer,
  it,
  openFrontTab,
  type PanelGlobal,
  play,
  type Seen,
  startTask,
  stopStartedTask,
  taskResult,
  test,
  useKit,
} from './kit';
import { taskView } from './panel-harness';

useKit({});

let otherWindow: number | null = null;

test.beforeEach(async ({ browser }) => {
  await stopStartedTask(browser.panel).catch(() => {});
  if (otherWindow !== null) {
    await browser.panel.evaluate((id) => chrome.windows.remove(id), otherWindow).catch(() => {});
    otherWindow = null;
  }
  for (const page of browser.context.pages()) if (page !== browser.panel) await page.close();
  await expect.poll(() => badgeOf(browser.panel)).toEqual({ text: '', title: 'Open Steadyhand' });
});

/** The extension's global badge and tooltip, as any of its pages reads them. */
function badgeOf(page: Page): Promise<{ text: string; title: string }> {
  return page.evaluate(async () => ({
    text: await chrome.action.getBadgeText({}),
    title: await chrome.action.getTitle({}),
  }));
}

/** The badge text as the service worker reads it: for when no panel page is open. */
async function badgeFromWorker(browser: ExtensionHarness): Promise<string> {
  const worker =
    browser.context.serviceWorkers()[0] ?? (await browser.context.waitForEvent('serviceworker', { timeout: 15_000 }));
  return worker.evaluate(() => chrome.action.getBadgeText({}));
}

/**
 * From now on the page's badge calls never reach the browser, as when a closing panel dies before its last call
 * leaves. (A renderer crash would take every page of the extension with it: they share one process.)
 */
async function loseBadgeCalls(page: Page): Promise<void> {
  await page.evaluate(() => {
    const never = () => new Promise<void>(() => {});
    Object.assign(chrome.action, {
      setBadgeText: never,
      setTitle: never,
      setBadgeBackgroundColor: never,
      setBadgeTextColor: never,
    });
  });
}

const QUESTION = 'Which plant should I look up: the blue fern or the copper rose?';

/** Asks the person once, then reports what the page says. */
function askThenAnswer(seen: Seen) {
  if (!seen.previousTools.includes('ask_user')) return act('ask_user', { question: QUESTION });
  return act('done', {
    success: true,
    kind: 'reading',
    answer: 'The copper rose flowers in June.',
    evidence: { quotes: ['The copper rose flowers in June.'] },
  });
}

async function answerQuestion(panel: Page, reply: string): Promise<void> {
  const answer = taskView(panel).question.getByRole('textbox', { name: 'Your answer (Enter sends it)' });
  await answer.fill(reply);
  await answer.press('Enter');
}

/** Answers the question of the task startTask began in this panel, as its question box would. */
async function answerStartedTask(panel: Page, reply: string): Promise<void> {
  const answered = await panel.evaluate((text) => {
    const g = globalThis as PanelGlobal & { startedEvents?: AgentEvent[] };
    const asked = (g.startedEvents ?? []).findLast((event) => event.type === 'ask_user');
    return asked?.type === 'ask_user' && g.steadyhand.host.answer(asked.questionId, text);
  }, reply);
  expect(answered).toBe(true);
}

/** A second window whose tab is the panel page (its own agent, as that window's side panel would be). */
async function openOtherWindow(browser: ExtensionHarness): Promise<{ windowId: number; panel: Page }> {
  const opened = browser.context.waitForEvent('page', (page) => page.url() === browser.panelUrl);
  const windowId = await browser.panel.evaluate(
    async (url) => (await chrome.windows.create({ url, focused: false }))?.id ?? -1,
    browser.panelUrl,
  );
  otherWindow = windowId;
  const panel = await opened;
  await panel.waitForFunction(() => 'steadyhand' in globalThis);
  return { windowId, panel };
}

/** A garden page in front of `windowId` (where that window's panel starts its task), without focusing the window. */
async function gardenIn(browser: ExtensionHarness, site: FixtureServer, windowId: number): Promise<void> {
  const url = site.url('/panel/ui-garden.html?window=other');
  const opened = browser.context.waitForEvent('page', (page) => page.url() === url);
  await browser.panel.evaluate(async ([u, win]) => chrome.tabs.create({ url: u, windowId: win, active: true }), [
    url,
    windowId,
  ] as const);
  await (await opened).waitForLoadState('load');
}

describe('the toolbar badge', () => {
  it('shows 1 while the agent’s question waits, and clears once the person answers', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    play(model, askThenAnswer);

    await startTask(panel, 'When does my plant flower?');
    await taskView(panel).question.waitFor({ timeout: 20_000 });
    await expect.poll(() => badgeOf(panel)).toEqual({ text: '1', title: 'Steadyhand: a task is waiting for you' });

    await answerQuestion(panel, 'the copper rose');
    await expect.poll(() => badgeOf(panel)).toEqual({ text: '', title: 'Open Steadyhand' });
    expect((await taskResult(panel)).result.status).toBe('succeeded');
  });

  it('shows 1 while a site question waits, and clears once the site is allowed', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    const other = `${site.otherOrigin}/panel/ui-garden.html`;
    play(model, (seen) => {
      if (!seen.previousTools.includes('open_url')) return act('open_url', { url: other });
      return act('done', {
        success: true,
        kind: 'reading',
        answer: 'The copper rose flowers in June.',
        evidence: { quotes: ['The copper rose flowers in June.'] },
      });
    });

    await startTask(panel, 'When does the copper rose flower? Look at the other garden.');
    const ask = permissionBox(panel);
    await ask.box.waitFor({ timeout: 20_000 });
    expect(await ask.origin.textContent()).toBe(site.otherOrigin);
    await expect.poll(() => badgeOf(panel)).toEqual({ text: '1', title: 'Steadyhand: a task is waiting for you' });

    await ask.allowOnce.click();
    await expect.poll(() => badgeOf(panel)).toEqual({ text: '', title: 'Open Steadyhand' });
    expect((await taskResult(panel)).result.status).toBe('succeeded');
  });

  // The other window's panel loses its badge calls before its window closes: what it leaves is set right by the panel
  // still open (it reads the history again, waiting-badge.ts §watchDeadPanels).
  it('counts two windows’ waiting tasks; a window closed takes its own off, an answer the other', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    play(model, askThenAnswer);
    await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    await startTask(panel, 'When does my plant flower?');
    await taskView(panel).question.waitFor({ timeout: 20_000 });
    const b = await openOtherWindow(browser);
    await gardenIn(browser, site, b.windowId);
    await startTask(b.panel, 'When does my other plant flower?');
    await taskView(b.panel).question.waitFor({ timeout: 20_000 });

    // The same global badge, whichever window's page reads it.
    await expect.poll(() => badgeOf(panel)).toEqual({ text: '2', title: 'Steadyhand: 2 tasks are waiting for you' });
    expect(await badgeOf(b.panel)).toEqual({ text: '2', title: 'Steadyhand: 2 tasks are waiting for you' });

    // The person closes the other window, whose panel's last badge call is lost: its task waits no more.
    await loseBadgeCalls(b.panel);
    await panel.evaluate((id) => chrome.windows.remove(id), b.windowId);
    otherWindow = null;
    await expect.poll(() => badgeOf(panel)).toEqual({ text: '1', title: 'Steadyhand: a task is waiting for you' });

    // The panel's card shows the newest task (the other window's), so the answer goes to this panel's own question.
    await answerStartedTask(panel, 'the copper rose');
    expect((await taskResult(panel)).result.status).toBe('succeeded');
    await expect.poll(() => badgeOf(panel)).toEqual({ text: '', title: 'Open Steadyhand' });
  });

  // The panel's own last badge call is lost as it goes: the worker clears the badge when its tab closes
  // (src/background/no-panel-badge.ts).
  it('the last panel closed while its task waits leaves no badge; the next panel opened shows none', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    play(model, askThenAnswer);
    await startTask(panel, 'When does my plant flower?');
    await taskView(panel).question.waitFor({ timeout: 20_000 });
    await expect.poll(() => badgeOf(panel)).toEqual({ text: '1', title: 'Steadyhand: a task is waiting for you' });

    await loseBadgeCalls(panel);
    await panel.close();
    await expect.poll(() => badgeFromWorker(browser)).toBe('');

    const reopened = await openPanel(browser);
    await expect.poll(() => reopened.getByTestId('task-card').getAttribute('data-status')).toBe('interrupted');
    expect(await badgeOf(reopened)).toEqual({ text: '', title: 'Open Steadyhand' });
  });
});
