// The panel's accessibility suite, shared by panel-a11y.e2e.ts (English) and panel-a11y-zh.e2e.ts (Simplified
// Chinese): each of the panel's main states is reached as a person reaches it, then axe-core (kit/a11y.ts) checks
// it in the light and the dark theme, and a screenshot of each is kept (test-results/screenshots/). A state passes
// with no violation of impact serious or critical. Locators use roles, test ids and the product's own strings, never
// English text, so the same tests run in both languages.

import type { Page } from 'playwright-core';
import { DEMO_SHOP_KEY } from '../../src/panel/store/storage-keys';
import { saveScreenshot } from '../support/screenshots';
import { openSettingsSection } from '../support/settings-form';
import {
  type A11yViolation,
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FixtureServer,
  giveUp,
  hold,
  it,
  openFrontTab,
  type PanelGlobal,
  play,
  pointAtModel,
  seriousViolations,
  type Turn,
  test,
} from './kit';
import { currentTaskId, expectStatus, newTaskId, requestText, submitTask, taskView } from './panel-harness';

export type A11yLocale = 'en' | 'zh-CN';

const THEMES = ['light', 'dark'] as const;

/**
 * Checks the panel as it is now in both themes and saves a screenshot of each (`a11y-<locale>-<theme>-<state>`).
 * Fails with every theme's serious and critical violations, so one run shows them all.
 */
export async function expectAccessible(panel: Page, locale: A11yLocale, state: string): Promise<void> {
  const found: Record<string, A11yViolation[]> = {};
  for (const theme of THEMES) {
    await panel.emulateMedia({ colorScheme: theme });
    const applied = await panel.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    expect(applied, `the panel follows the ${theme} theme`).toBe(theme === 'dark');
    found[theme] = await seriousViolations(panel);
    await saveScreenshot(panel, `a11y-${locale}-${theme}-${state}`);
  }
  await panel.emulateMedia({ colorScheme: null });
  expect(found, `axe on the ${state} state`).toEqual({ light: [], dark: [] });
}

const nav = (panel: Page, view: 'task' | 'history' | 'settings') => panel.getByTestId(`nav-${view}`);

/**
 * Opens every closed disclosure of the view (the task's tabs, the tab's details, the browser activity), or closes
 * again the ones it opened.
 */
async function setDisclosures(panel: Page, open: boolean): Promise<void> {
  await panel.evaluate((open) => {
    if (open) {
      for (const details of document.querySelectorAll('details:not([open])')) {
        details.setAttribute('data-a11y-opened', '');
        (details as HTMLDetailsElement).open = true;
      }
    } else {
      for (const details of document.querySelectorAll('details[data-a11y-opened]')) {
        details.removeAttribute('data-a11y-opened');
        (details as HTMLDetailsElement).open = false;
      }
    }
  }, open);
}

/** Waits until the thread shows at least `count` step cards. */
async function waitForStep(panel: Page, count: number): Promise<void> {
  await expect.poll(() => taskView(panel).steps.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
}

/** The garden page as the person's active tab: where the next task starts. */
async function gardenTab(browser: ExtensionHarness, site: FixtureServer, opened: Page[]): Promise<void> {
  const tab = await openFrontTab(browser, site.url('/panel/ui-garden.html'));
  opened.push(tab.page);
}

/** The task card's status now, or null when the thread is empty (no waiting). */
function statusNow(panel: Page): Promise<string | null> {
  return panel.evaluate(() => document.querySelector('[data-testid="task-card"]')?.getAttribute('data-status') ?? null);
}

const THOUGHT = 'I will read the garden notes first, then answer from what the page says.';

/** Registers the suite for one locale (the file sets `useKit({ locale, ... })` before calling this). */
export function a11ySuite(locale: A11yLocale): void {
  let opened: Page[] = [];

  test.afterEach(async ({ browser, standIn }) => {
    // A test that failed midway may leave its task running: stop it, so the next one starts a task of its own.
    await browser.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.host.stopAll());
    await expect.poll(() => statusNow(browser.panel)).not.toBe('running');
    await Promise.all(opened.map((page) => page.close()));
    opened = [];
    await pointAtModel(browser.panel, standIn.url);
    await nav(browser.panel, 'task').click();
  });

  describe(`panel accessibility (${locale}, light and dark)`, () => {
    // First in the file: the history is still empty, so the thread has no task to show.
    it('idle: the task view before any task', async ({ panel }) => {
      await expect.poll(() => panel.getByTestId('thread-empty').count()).toBe(1);
      await expect.poll(() => panel.getByTestId('demo-notice').count()).toBe(0);
      // The page says which language it is in, so a screen reader picks the right voice.
      expect(await panel.evaluate(() => document.documentElement.lang)).toBe(locale);
      await expectAccessible(panel, locale, 'idle');
    });

    it('attached: files picked for the next message, as chips removed from the keyboard', async ({ panel }) => {
      const file = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${name}\n`) });
      await panel.getByTestId('attach-input').setInputFiles([file('notes.txt'), file('报告.txt')]);
      const chips = panel.getByTestId('attachments').getByRole('listitem');
      await expect.poll(() => chips.count()).toBe(2);
      await expectAccessible(panel, locale, 'attached');
      // Each chip's remove button is reached and pressed from the keyboard; focus stays in the composer.
      await chips.first().getByRole('button').focus();
      await panel.keyboard.press('Enter');
      await expect.poll(() => chips.count()).toBe(1);
      await chips.first().getByRole('button').focus();
      await panel.keyboard.press('Space');
      await expect.poll(() => panel.getByTestId('attachments').count()).toBe(0);
      expect(await panel.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('attach');
    });

    it('demo: the offline demo notice, with no API key, offering its task', async ({ panel }) => {
      await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ apiKey: '' }));
      // Where `npm start` serves the demo shop: the notice offers the demo task on it.
      await panel.evaluate((key) => chrome.storage.local.set({ [key]: 'http://127.0.0.1:9/' }), DEMO_SHOP_KEY);
      await panel.getByTestId('demo-notice').getByTestId('demo-example').waitFor();
      await expectAccessible(panel, locale, 'demo');
      await panel.evaluate((key) => chrome.storage.local.remove(key), DEMO_SHOP_KEY);
    });

    it('running, then succeeded: a task with a step done and the model thinking', async ({
      browser,
      site,
      model,
      panel,
    }) => {
      await gardenTab(browser, site, opened);
      const held = hold(model);
      const before = await currentTaskId(panel);
      await submitTask(panel, 'What does the blue fern need?');
      await newTaskId(panel, before);
      await held.next();
      held.answer(act('read_page', {}, THOUGHT));
      await held.next();
      // The model now thinks over its second step: the first is done, with its reasoning, action and badge.
      await waitForStep(panel, 2);
      await expect.poll(() => taskView(panel).card.getByTestId('call-badge').count()).toBe(1);
      await panel.getByTestId('progress-line').waitFor();
      await expectAccessible(panel, locale, 'running');
      // What is one click away: the task's tabs (who is where), the tab's internals, the browser activity.
      await setDisclosures(panel, true);
      await expectAccessible(panel, locale, 'running-disclosures');
      await setDisclosures(panel, false);

      held.answer(
        act('done', {
          success: true,
          kind: 'reading',
          answer: 'The blue fern needs deep shade and water once a week.',
          evidence: { quotes: ['deep shade'] },
        }),
      );
      await expectStatus(panel, 'succeeded');
      await taskView(panel).final.getByTestId('evidence').waitFor();
      await expectAccessible(panel, locale, 'succeeded');
    });

    it('asking: the agent’s question waits for an answer', async ({ browser, site, model, panel }) => {
      await gardenTab(browser, site, opened);
      play(model, (seen) =>
        seen.previousTools.includes('ask_user')
          ? act('done', {
              success: true,
              kind: 'reading',
              answer: 'The copper rose flowers in June.',
              evidence: { quotes: ['June'] },
            })
          : act('ask_user', { question: 'Which plant should I look up: the blue fern or the copper rose?' }),
      );
      const before = await currentTaskId(panel);
      await submitTask(panel, 'When does my plant flower?');
      await newTaskId(panel, before);
      const { question } = taskView(panel);
      await question.waitFor({ timeout: 20_000 });
      await expectAccessible(panel, locale, 'asking');

      const answer = question.getByRole('textbox');
      await answer.fill('the copper rose');
      await answer.press('Enter');
      await expectStatus(panel, 'succeeded');
    });

    it('permission, then failed: a site question, answered Deny', async ({ browser, site, model, panel }) => {
      await gardenTab(browser, site, opened);
      const prize = `${site.otherOrigin}/security/perm-prize.html?t=a11y-${locale}`;
      play(model, (seen) =>
        seen.previousTools.includes('open_url')
          ? giveUp(`The person did not allow ${site.otherOrigin}, so I could not collect the reward.`)
          : act('open_url', { url: prize }, 'The reward is on the partner site.'),
      );
      const before = await currentTaskId(panel);
      await submitTask(panel, 'Collect my garden reward');
      await newTaskId(panel, before);
      const permission = taskView(panel).card.getByTestId('permission');
      await permission.waitFor({ timeout: 20_000 });
      await expectAccessible(panel, locale, 'permission');

      await permission.getByTestId('permission-deny').click();
      await expectStatus(panel, 'failed');
      await taskView(panel).card.getByTestId('permission-record').waitFor();
      await expectAccessible(panel, locale, 'failed');
    });

    it('consent, then failed: a sign-in waits for the person, answered Deny', async ({
      browser,
      site,
      model,
      panel,
    }) => {
      const tab = await openFrontTab(browser, site.url('/consent/signin.html'));
      opened.push(tab.page);
      play(model, (seen) =>
        seen.index === 0
          ? act('click', { ref: control(seen, 'button', /sign in/i).ref }, 'Signing in.')
          : giveUp('The person declined the sign-in.'),
      );
      const before = await currentTaskId(panel);
      await submitTask(panel, 'Sign me in');
      await newTaskId(panel, before);
      const consent = taskView(panel).card.getByTestId('consent');
      await consent.waitFor({ timeout: 20_000 });
      await expectAccessible(panel, locale, 'consent');

      await consent.getByTestId('consent-deny').click();
      await expectStatus(panel, 'failed');
      await taskView(panel).card.getByTestId('consent-record').waitFor();
      await expectAccessible(panel, locale, 'consent-declined');
    });

    it('threads: two tasks running, one asking the person, a third waiting for a free slot', async ({
      browser,
      site,
      model,
      panel,
    }) => {
      const setSlots = (n: number) =>
        panel.evaluate(
          (slots) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ tasksAtOnce: slots }),
          n,
        );
      await setSlots(2);
      // The plant question asks the person; every other request waits for the model until the test ends.
      const held: ((turn: Turn) => void)[] = [];
      play(model, (seen) =>
        requestText(seen.request).includes('Which plant flowers first?')
          ? act('ask_user', { question: 'The blue fern or the copper rose?' })
          : new Promise<Turn>((resolve) => held.push(resolve)),
      );
      try {
        const box = taskView(panel).box;
        await gardenTab(browser, site, opened);
        const before = await currentTaskId(panel);
        await submitTask(panel, 'Which plant flowers first?');
        const asking = await newTaskId(panel, before);
        await taskView(panel).question.waitFor({ timeout: 20_000 });
        await gardenTab(browser, site, opened);
        await box.getByTestId('new-task').click();
        await submitTask(panel, 'What does the blue fern need?');
        await newTaskId(panel, asking);
        await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1);
        // The asking task is no longer the open thread: a screen reader hears that it waits.
        const others = panel.getByTestId('live-region-others');
        await expect.poll(() => others.textContent()).toContain('Which plant flowers first?');
        // The slots are full: the composer says a new task will wait.
        await gardenTab(browser, site, opened);
        await box.getByTestId('new-task').click();
        await box.getByTestId('compose-will-wait').waitFor();
        await expectAccessible(panel, locale, 'threads-will-wait');

        await submitTask(panel, 'How tall does the copper rose grow?');
        await panel.getByTestId('thread-queued').waitFor();
        // From the keyboard: the asking task's row is a button; Enter opens its thread, marked as the open one.
        const row = panel.locator(`[data-testid="thread-row"][data-task-id="${asking}"]`);
        expect(await row.getAttribute('data-waiting')).toBe('question');
        await row.getByTestId('thread-open').focus();
        await panel.keyboard.press('Enter');
        await expect.poll(() => currentTaskId(panel)).toBe(asking);
        expect(await row.getByTestId('thread-open').getAttribute('aria-current')).toBe('true');
        await expect.poll(() => others.textContent()).toBe('');
        await expectAccessible(panel, locale, 'threads');
      } finally {
        await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.host.stopAll());
        for (const answer of held.splice(0)) answer(giveUp('The test ended.'));
        await setSlots(3);
      }
    });

    it('history: the list of past tasks, a task opened from it, and the clear-all question', async ({ panel }) => {
      // The tests above left a succeeded and a failed task (and, in English, more): the list shows both kinds.
      await nav(panel, 'history').click();
      const items = panel.getByTestId('history-item');
      await expect.poll(() => items.count()).toBeGreaterThanOrEqual(3);
      await expectAccessible(panel, locale, 'history');

      await panel.getByTestId('history-clear').click();
      await panel.getByTestId('history-clear-confirm').waitFor();
      await expectAccessible(panel, locale, 'history-clear');
      await panel.getByTestId('history-clear-cancel').click();

      await items.first().getByTestId('history-open').click();
      await panel.getByTestId('history-detail').waitFor();
      await expectAccessible(panel, locale, 'history-task');
      await panel.getByTestId('history-back').click();
    });

    it('settings: the form, then a tested connection and a field with an error', async ({ panel }) => {
      await nav(panel, 'settings').click();
      const form = panel.getByTestId('settings');
      await form.waitFor();
      await expectAccessible(panel, locale, 'settings');

      await form.getByTestId('test-connection').click();
      await expect.poll(() => form.getByTestId('connection-result').textContent(), { timeout: 20_000 }).not.toBe('');
      // Every section open, and a field left with an error (shown once the person leaves it).
      for (const id of ['sites', 'behaviour', 'advanced'] as const) await openSettingsSection(panel, id);
      await form.locator('#setting-maxSteps').fill('0');
      await form.locator('#setting-maxSteps').blur();
      await form.getByTestId('setting-maxSteps-error').waitFor();
      await expectAccessible(panel, locale, 'settings-checked');
    });
  });
}
