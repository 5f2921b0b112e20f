// The real side panel (not the panel page opened as a tab): opened with chrome.sidePanel.open from an extension page,
// it runs a task typed into its task box against the stand-in model, on the web tab beside it; and the shop task with
// the person reloading the agent's tab at the order step places one order.

import { demoInstruction } from '../../src/panel/demo/demo-task';
import { SETTINGS_KEY } from '../../src/panel/store/storage-keys';
import { saveScreenshot } from '../support/screenshots';
import { playShop } from '../support/shop-model';
import { startSlowShop } from '../support/slow-shop';
import { act, control, describe, expect, it, openFrontTab, play, pointAtModel, test, useKit } from './kit';
import { PANEL_VIEWPORT } from './panel-harness';
import { SidePanelSession } from './panel-side-panel-session';

// The panel tab starts without settings: the first test saves them there and sees them reach the side panel.
useKit({ viewport: PANEL_VIEWPORT, apiKey: null });

let side: SidePanelSession | undefined;

// The file's hooks run before the kit closes the browser.
test.afterAll(async () => {
  await side?.detach();
});

/** The shop task's step that presses "Place order" (test/e2e/nav-person-interferes.e2e.ts runs every step). */
const PLACE_ORDER_STEP = 8;

describe('the real side panel', () => {
  it('opens with chrome.sidePanel.open and runs a task typed into its task box', async ({ browser, site, model }) => {
    // Settings saved from the panel tab reach the side panel through chrome.storage.local.
    await pointAtModel(browser.panel, model.url);
    await expect
      .poll(() =>
        browser.panel.evaluate(async (key) => String((await chrome.storage.local.get(key))[key]), SETTINGS_KEY),
      )
      .toContain(model.url);
    const garden = await openFrontTab(browser, site.url('/panel/ui-garden.html'));

    side = await SidePanelSession.open(browser, browser.panel);
    // One panel from here on: the side panel, as a person has it.
    await browser.panel.close();
    const panel = side;
    // The side panel loads on its own: on a loaded machine it takes more than expect.poll's default second.
    await expect
      .poll(() => panel.evaluate<string>('globalThis.steadyhand?.settings.getState().settings.baseUrl ?? ""'), {
        timeout: 15_000,
      })
      .toBe(model.url);
    // It is the side panel: Chrome lists it as one, and it is not a tab.
    const where = await panel.evaluate<{ sidePanels: number; inTab: boolean; href: string }>(`(async () => ({
      sidePanels: (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })).length,
      inTab: (await chrome.tabs.getCurrent()) !== undefined,
      href: location.href,
    }))()`);
    expect(where).toEqual({ sidePanels: 1, inTab: false, href: browser.panelUrl });
    await saveScreenshot(await panel.screenshot(), 'side-panel-open');

    play(model, (seen) => {
      if (seen.text.includes('Saved: Shade')) {
        return act('done', { success: true, answer: 'Noted: shade.', evidence: { quotes: ['Saved: Shade'] } });
      }
      const note = control(seen, 'textbox', /^note$/i);
      if (note.value !== 'Shade') return act('type', { ref: note.ref, text: 'Shade' }, 'Writing the note.');
      return act('click', { ref: control(seen, 'button', /save note/i).ref });
    });
    await panel.type('[data-testid="task-box"] textarea', 'Note that the blue fern needs shade', { enter: true });

    const status = () =>
      panel.evaluate<string | null>(`document.querySelector('[data-testid="task-card"]')?.dataset.status ?? null`);
    await expect.poll(status, { timeout: 30_000 }).toBe('succeeded');
    await saveScreenshot(await panel.screenshot(), 'side-panel-finished');

    const card = await panel.evaluate<{ instruction: string; actions: string[]; verified: string }>(`(() => {
      const card = document.querySelector('[data-testid="task-card"]');
      return {
        instruction: card.querySelector('[data-testid="task-instruction"]').textContent,
        actions: [...card.querySelectorAll('.call-action')].map((node) => node.textContent),
        verified: card.querySelector('[data-testid="final-verified"]').textContent,
      };
    })()`);
    expect(card).toEqual({
      instruction: 'Note that the blue fern needs shade',
      actions: ['Typed “Shade” into Note', 'Clicked Save note', 'Reported the task done'],
      verified: 'Verified',
    });
    // The agent worked on the web tab next to the panel, through the model the settings named.
    expect(await garden.page.locator('#saved').textContent()).toBe('Saved: Shade');
    expect(model.messageRequests).toHaveLength(3);

    // Tab events reach the side panel too: it follows the web tab to its next page.
    await garden.page.goto(site.url('/page2.html'));
    const title = () =>
      panel.evaluate<string>(`document.querySelector('[data-testid="page-title"]')?.textContent ?? ''`);
    await expect.poll(title, { timeout: 15_000 }).toBe('Fixture page two');
  });

  it('places one order when the person reloads the agent’s tab while the model thinks at Place order', async ({
    browser,
    model,
  }) => {
    // The side panel of the test above, typed into as a person would (a real key press: the path a user activation
    // could leak by, decision 0013).
    const panel = side;
    if (!panel) throw new Error('The side panel did not open in the test above.');
    const shop = await startSlowShop();
    try {
      const page = await browser.context.newPage();
      await page.goto(shop.url('/index.html'));
      await page.bringToFront();
      const cdp = await browser.context.newCDPSession(page);
      play(model, async (seen) => {
        if (seen.index === PLACE_ORDER_STEP - 1) {
          shop.slowFrom(1_000);
          const requested = shop.nextPageRequest();
          void cdp.send('Page.reload', {}).catch(() => {});
          await requested;
        }
        return playShop(seen.request, seen.index);
      });
      const before = await panel.evaluate<string | null>(
        `document.querySelector('[data-testid="task-card"]')?.dataset.taskId ?? null`,
      );
      await panel.type('[data-testid="task-box"] textarea', demoInstruction(shop.origin), { enter: true });
      const task = () =>
        panel.evaluate<{ id: string | null; status: string | null }>(`(() => {
          const card = document.querySelector('[data-testid="task-card"]');
          return { id: card?.dataset.taskId ?? null, status: card?.dataset.status ?? null };
        })()`);
      await expect.poll(async () => (await task()).id, { timeout: 15_000 }).not.toBe(before);
      // The order waits for the person's yes (decision 0026): they press Allow once in the side panel, each time it is
      // asked (a click the reload interrupted never happened, so the next one asks again).
      const allowing = () =>
        panel.evaluate<string | null>(`(() => {
          document.querySelector('[data-testid="consent-once"]:not([disabled])')?.click();
          return document.querySelector('[data-testid="task-card"]')?.dataset.status ?? null;
        })()`);
      await expect.poll(allowing, { timeout: 60_000 }).toBe('succeeded');
      expect(shop.orders()).toHaveLength(1);
      await page.close();
    } finally {
      await shop.close();
    }
  }, 90_000);
});
