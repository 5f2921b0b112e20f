// Hostile pages (docs/testing.md, Faults and security), in real Chromium: pages that patch the DOM's prototypes, a
// strict CSP sent as a header, a page that never stops mutating, a page of 50,000 elements and an endless feed. Each is
// driven through the page controller (the kit's call, from the panel over the real relay) and by an agent task on the
// fake model, and every check reads what really happened in the page, never only what the extension says about it.

import type { Page } from 'playwright-core';
import { callWithDefaultDeadline, maskStopButton, resultsOf, withAgentSettings } from '../support/hostile-harness';
import { hostileRoutes, STRICT_CSP } from '../support/hostile-routes';
import { tally } from '../support/reliability';
import {
  act,
  call,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FixtureServer,
  giveUp,
  it,
  openTab,
  outcomes,
  type PanelGlobal,
  play,
  refOf,
  runTask,
  textIn,
  tryCall,
  useKit,
} from './kit';

// The order step asks the person (decision 0026); these tests are about hostile pages, so every question is allowed.
useKit({ routes: hostileRoutes, consent: 'once' });

async function open(browser: ExtensionHarness, site: FixtureServer, path: string) {
  const { tabId, page } = await openTab(browser, site.url(path));
  const snap = await call(browser.panel, tabId, 'snapshot', { mode: 'full' });
  const ref = (role: string, name: string) => ({ ref: refOf(snap, role, name), snapshotId: snap.snapshotId });
  return { tabId, page, snap, ref };
}

interface RealState {
  name: string;
  promo: string;
  size: string;
  terms: boolean;
  saves: number;
  publishes: number;
  submits: number;
  events: string[];
}
/** What hostile-patched.html replaces in its own world (it patches more: these are the ones counted). */
const PATCHED = ['dispatchEvent', 'click', 'value', 'MutationObserver'];
const realState = (page: Page) => page.evaluate(() => (window as unknown as { realState(): RealState }).realState());
const patchCalls = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { patchCalls: Record<string, number> }).patchCalls }));

describe('a page that patches dispatchEvent, click, value and MutationObserver', () => {
  it('types, selects, checks, clicks and snapshots the real DOM, and verifies what really happened', async ({
    browser,
    site,
    panel,
  }) => {
    const { tabId, page, snap, ref } = await open(browser, site, '/fault/hostile-patched.html');
    // The patches are live in the page's own world ...
    expect(
      await page.evaluate(() => ({
        value: (document.getElementById('name') as HTMLInputElement).value,
        checked: (document.getElementById('terms') as HTMLInputElement).checked,
        observer: (() => {
          try {
            new MutationObserver(() => {});
            return 'works';
          } catch (error) {
            return String(error);
          }
        })(),
      })),
    ).toEqual({ value: 'hacked by the page', checked: true, observer: expect.stringMatching(/disabled/) });
    await textIn(page, '#saved'); // Playwright's own helper script in the page makes a MutationObserver once
    const callsBefore = await patchCalls(page);
    // ... and the snapshot, read from the content script's world, sees the page as it is.
    expect(snap.text).not.toMatch(/hacked by the page/);
    expect(snap.elements.find((e) => e.name === 'I accept the terms')).toMatchObject({ checked: false });
    expect(snap.elements.find((e) => e.name === 'Size')).toMatchObject({ role: 'combobox', value: 'Small' });

    const name = await call(panel, tabId, 'type', { ...ref('textbox', 'Full name'), text: 'Ada Lovelace' });
    expect(name).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#name-echo')).toBe('Name is Ada Lovelace');

    // The promo field empties itself on every input: the verify must not take the page's lying getter's word.
    const promo = await call(panel, tabId, 'type', { ...ref('textbox', 'Promo code'), text: 'SAVE10' });
    expect(promo).toMatchObject({ ok: true, verified: false });
    expect(promo.reason).toMatch(/shows "" instead of "SAVE10"/);

    const size = await call(panel, tabId, 'selectOption', { ...ref('combobox', 'Size'), option: 'Large' });
    expect(size).toMatchObject({ ok: true, verified: true });
    // The checked getter claims "checked" to the page's scripts; the check must still click, and see it flip.
    const terms = await call(panel, tabId, 'check', {
      ...ref('checkbox', 'I accept the terms'),
      checked: true,
    });
    expect(terms).toMatchObject({ ok: true, verified: true });
    expect(terms.effects).toContain('state_change');

    const save = await call(panel, tabId, 'click', ref('button', 'Save draft'));
    expect(save).toMatchObject({ ok: true, verified: true });
    expect(save.effects).toContain('dom_change');
    // Publish drops synthetic clicks before any handler sees them: nothing happened, and the verify says so.
    const publish = await call(panel, tabId, 'click', ref('button', 'Publish'));
    expect(publish).toMatchObject({ ok: true, verified: false, effects: ['none'] });
    const order = await call(panel, tabId, 'click', ref('button', 'Place order'));
    expect(order).toMatchObject({ ok: true, verified: true });

    const state = await realState(page);
    expect(state).toMatchObject({
      name: 'Ada Lovelace',
      promo: '',
      size: 'l',
      terms: true,
      saves: 1,
      publishes: 0,
      submits: 1,
    });
    // The page's own listeners got the events, though its dispatchEvent drops everything; Publish's never did.
    expect(state.events).toEqual(
      expect.arrayContaining(['keydown:name', 'input:name', 'change:size', 'click:save', 'submit:order']),
    );
    expect(state.events).not.toContain('click:publish');
    expect(await textIn(page, '#size-echo')).toBe('Size Large');
    expect(await textIn(page, '#terms-echo')).toBe('Terms accepted');
    expect(await textIn(page, '#submitted')).toBe('Order placed for Ada Lovelace');
    // None of the patched functions was ever called by the extension: it used its own world's DOM.
    expect(await patchCalls(page)).toEqual(callsBefore);

    const after = await call(panel, tabId, 'snapshot', { mode: 'full' });
    expect(after.text).toMatch(/textbox "Full name" value="Ada Lovelace"/);
    expect(after.text).toMatch(/combobox "Size" value="Large"/);
    expect(after.text).toMatch(/checkbox "I accept the terms" checked/);
    expect(after.elements.find((e) => e.name === 'Save draft')?.ref).toBe(refOf(snap, 'button', 'Save draft'));
    // evaluate runs in the page's world, where dispatchEvent drops everything: its result still comes back.
    expect(await call(panel, tabId, 'evaluate', { script: 'document.title' })).toEqual({
      result: 'Patched prototypes',
    });
    for (const patched of PATCHED) tally.hostile(`patched-${patched}`);
    await page.close();
  });

  it('lets an agent fill and place the order, and end with evidence the page really shows', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openTab(browser, site.url('/fault/hostile-patched.html'));
    await page.bringToFront();
    play(model, (seen) => {
      if (/Order placed for Grace Hopper/.test(seen.text)) {
        return act('done', {
          success: true,
          answer: 'The order is placed for Grace Hopper, size Medium.',
          evidence: { quotes: ['Order placed for Grace Hopper'] },
        });
      }
      const name = control(seen, 'textbox', /full name/i);
      if (name.value !== 'Grace Hopper') return act('type', { ref: name.ref, text: 'Grace Hopper' });
      const size = control(seen, 'combobox', /size/i);
      if (size.value !== 'Medium') return act('select_option', { ref: size.ref, option: 'Medium' });
      const terms = control(seen, 'checkbox', /terms/i);
      if (!terms.checked) return act('check', { ref: terms.ref, checked: true });
      return act('click', { ref: control(seen, 'button', /place order/i).ref });
    });

    const { result, events } = await runTask(panel, 'Order a medium for Grace Hopper and accept the terms');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(outcomes(events)).toEqual([
      ['type', 'ok'],
      ['select_option', 'ok'],
      ['check', 'ok'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(await realState(page)).toMatchObject({ name: 'Grace Hopper', size: 'm', terms: true, submits: 1 });
    for (const patched of PATCHED) tally.hostile(`patched-${patched}`);
    await page.close();
  });
});

describe('a page with a strict Content-Security-Policy header', () => {
  it('is snapshotted, acted on and masked; evaluate fails at once and says why', async ({ browser, site, panel }) => {
    const served = await fetch(site.url('/fault/hostile-csp.html'));
    expect(served.headers.get('content-security-policy')).toBe(STRICT_CSP);
    const { tabId, page } = await openTab(browser, site.url('/fault/hostile-csp.html'));
    await page.waitForSelector('body[data-ready="yes"]');
    // The policy is enforced in the page: an inline handler does not run.
    expect(
      await page.evaluate(() => {
        const probe = document.createElement('div');
        try {
          probe.setAttribute('onclick', 'this.dataset.ran = "yes"');
        } catch {
          return 'refused';
        }
        probe.click();
        return probe.dataset.ran ?? 'blocked';
      }),
    ).toMatch(/^(refused|blocked)$/);

    const snap = await call(panel, tabId, 'snapshot', {});
    expect(snap.text).toMatch(/# Booking under a strict policy/);
    const ref = (role: string, name: string) => ({ ref: refOf(snap, role, name), snapshotId: snap.snapshotId });
    expect(await call(panel, tabId, 'type', { ...ref('textbox', 'Guest name'), text: 'Grace' })).toMatchObject({
      verified: true,
    });
    expect(await call(panel, tabId, 'selectOption', { ...ref('combobox', 'Room'), option: 'Suite' })).toMatchObject({
      verified: true,
    });
    expect(
      await call(panel, tabId, 'check', { ...ref('checkbox', 'Breakfast included'), checked: true }),
    ).toMatchObject({ verified: true });
    expect(await call(panel, tabId, 'click', ref('button', 'Book the room'))).toMatchObject({ verified: true });
    expect(await textIn(page, '#status')).toBe('Booking 1: a Suite room for Grace, with breakfast');

    // The mask's look is a stylesheet in its shadow root: under `style-src 'none'` the bar must still be laid out
    // at the bottom of the viewport, and the person's clicks must still be held back.
    await call(panel, tabId, 'showMask', { leaseMs: 20_000 });
    const stop = await maskStopButton(page);
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    expect(stop.y).toBeGreaterThan(viewport.height / 2);
    expect(Math.abs(stop.x - viewport.width / 2)).toBeLessThan(viewport.width / 4);
    const book = await page.locator('#book').boundingBox();
    if (!book) throw new Error('#book has no box');
    await page.mouse.click(book.x + book.width / 2, book.y + book.height / 2);
    expect(await call(panel, tabId, 'hideMask')).toEqual({ hidden: true });
    expect(await textIn(page, '#status')).toBe('Booking 1: a Suite room for Grace, with breakfast');
    await page.mouse.click(book.x + book.width / 2, book.y + book.height / 2);
    expect(await textIn(page, '#status')).toBe('Booking 2: a Suite room for Grace, with breakfast');

    const evaluated = await tryCall(panel, tabId, 'evaluate', { script: 'document.title' });
    expect(evaluated).toMatchObject({ ok: false, code: 'not_allowed' });
    if (!evaluated.ok) expect(evaluated.message).toMatch(/Content-Security-Policy forbids inline scripts/);
    tally.hostile('strict-csp');
    await page.close();
  });

  it('lets an agent whose script is refused book the room with ordinary actions', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const restore = await withAgentSettings(panel, { allowScript: true });
    try {
      const { page } = await openTab(browser, site.url('/fault/hostile-csp.html'));
      await page.waitForSelector('body[data-ready="yes"]');
      await page.bringToFront();
      play(model, (seen) => {
        if (seen.previousTools.length === 0) return act('evaluate', { script: 'document.title' });
        if (/Booking 1: a Double room for Linus/.test(seen.text)) {
          return act('done', {
            success: true,
            answer: 'A double room is booked for Linus.',
            evidence: { quotes: ['Booking 1: a Double room for Linus'] },
          });
        }
        const guest = control(seen, 'textbox', /guest name/i);
        if (guest.value !== 'Linus') return act('type', { ref: guest.ref, text: 'Linus' });
        const room = control(seen, 'combobox', /room/i);
        if (room.value !== 'Double') return act('select_option', { ref: room.ref, option: 'Double' });
        return act('click', { ref: control(seen, 'button', /book the room/i).ref });
      });

      const { result, events } = await runTask(panel, 'Book a double room for Linus');

      expect(result).toMatchObject({ status: 'succeeded', verified: true });
      const [evaluate] = resultsOf(events, 'evaluate');
      expect(evaluate).toMatchObject({ outcome: 'execute_error', isError: true });
      expect(evaluate?.summary).toMatch(/Content-Security-Policy/);
      expect(await textIn(page, '#status')).toBe('Booking 1: a Double room for Linus, without breakfast');
      tally.hostile('strict-csp');
      await page.close();
    } finally {
      await restore();
    }
  });
});

/** Until the page has flooded for a second: long enough to be its background, not a burst the agent caused. */
const floodingForASecond = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { floodMs(): number }).floodMs() > 1_000);

describe('a page that floods the DOM with mutations', () => {
  it('caps every wait, keeps its digest still, and tells a real effect from the flood', async ({
    browser,
    site,
    panel,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/fault/hostile-flood.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    await floodingForASecond(page);

    const ref = (role: string, name: string) => ({ ref: refOf(snap, role, name), snapshotId: snap.snapshotId });
    const quiet = await call(panel, tabId, 'waitForQuiet', { quietMs: 50, maxMs: 1_000 });
    expect(quiet.quiet).toBe(false); // capped: the page never went quiet, and the wait still returned

    const one = await call(panel, tabId, 'snapshot', {});
    const two = await call(panel, tabId, 'snapshot', {});
    expect(one.text).toMatch(/Frame \d+/);
    expect(one.text).toMatch(/Trade \d+ at/);
    expect(two.digest).toBe(one.digest);

    const qty = await call(panel, tabId, 'type', { ...ref('textbox', 'Quantity'), text: '3', clear: true });
    expect(qty).toMatchObject({ ok: true, verified: true });
    const add = await call(panel, tabId, 'click', ref('button', 'Add to basket'));
    expect(add).toMatchObject({ ok: true, verified: true });
    expect(add.effects).toContain('dom_change');
    expect(await textIn(page, '#basket')).toBe('3 items in the basket');
    // Subscribe does nothing: the flood around it is not its effect.
    const subscribe = await call(panel, tabId, 'click', ref('button', 'Subscribe to alerts'));
    expect(subscribe).toMatchObject({ ok: true, verified: false, effects: ['none'] });
    const changed = await call(panel, tabId, 'snapshot', {});
    expect(changed.digest).not.toBe(two.digest); // the basket line changed: that is not churn

    // A navigation from the flood to another flooding page: the panel's ready wait returns, capped.
    await Promise.all([page.waitForURL(/page=2/, { waitUntil: 'commit' }), page.click('#next')]);
    await panel.evaluate(
      (id) => (globalThis as PanelGlobal).steadyhand.navigation.waitForDocumentReady(id, { timeoutMs: 10_000 }),
      tabId,
    );
    const next = await call(panel, tabId, 'snapshot', {});
    expect(next.text).toMatch(/# Live market 2/);
    tally.hostile('mutation-flood');
    await page.close();
  });

  it('lets an agent move through flooding pages, and ends a dead click loop there as no_progress', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openTab(browser, site.url('/fault/hostile-flood.html'));
    await page.bringToFront();
    play(model, (seen) => {
      if (!/Live market 2/.test(seen.text)) return act('click', { ref: control(seen, 'link', /next market/i).ref });
      if (/1 item in the basket/.test(seen.text)) {
        return act('done', {
          success: true,
          answer: 'One item is in the basket.',
          evidence: { quotes: ['1 item in the basket'] },
        });
      }
      return act('click', { ref: control(seen, 'button', /add to basket/i).ref });
    });
    const moved = await runTask(panel, 'Go to the next market and put one item in the basket');
    expect(moved.result).toMatchObject({ status: 'succeeded', verified: true });
    expect(outcomes(moved.events)).toEqual([
      ['click', 'ok'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);

    model.reset();
    await floodingForASecond(page);
    play(model, (seen) => act('click', { ref: control(seen, 'button', /subscribe/i).ref }));
    const { result, events } = await runTask(panel, 'Subscribe to alerts');
    expect(result.status).toBe('no_progress');
    const clicks = resultsOf(events, 'click');
    expect(clicks.every((e) => e.outcome === 'failed_verify')).toBe(true);
    expect(clicks.length).toBeLessThan(10); // stopped by detection, not by the step limit
    tally.hostile('mutation-flood');
    await page.close();
  });
});

describe('a page of 50,000 elements', () => {
  it('snapshots within the token budget and the relay deadline, keeps refs, and reaches the last part', async ({
    browser,
    site,
    panel,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/fault/hostile-huge.html'));
    expect(await page.evaluate(() => (window as unknown as { elementCount(): number }).elementCount())).toBeGreaterThan(
      50_000,
    );
    // With the relay's default deadline, as the agent calls it.
    const snap = await callWithDefaultDeadline(panel, tabId, 'snapshot', {
      maxTokens: 2_000,
      mode: 'viewport',
    });
    expect(snap.tokens).toBeLessThanOrEqual(2_000);
    expect(snap.counts?.controls).toBe(11_000);
    expect(snap.text).toMatch(/Below the viewport: \d+ controls/);
    const full = await callWithDefaultDeadline(panel, tabId, 'snapshot', { maxTokens: 2_000, mode: 'full' });
    expect(full.tokens).toBeLessThanOrEqual(2_000);
    expect(full.truncated).toBe(true);
    // The on-screen controls come first in both modes, under the same refs.
    const byRef = (e: { ref: number; name: string; box: unknown }) => [e.ref, e.name, e.box];
    expect(full.elements.map(byRef)).toEqual(expect.arrayContaining(snap.elements.map(byRef)));

    const { matches } = await callWithDefaultDeadline(panel, tabId, 'find', { query: 'Reserve part 4990' });
    const far = matches.find((m) => m.text.includes('"Reserve part 4990"'));
    expect(far).toMatchObject({ role: 'button', inViewport: false });
    const farRef = far?.ref as number;
    const reserve = await call(panel, tabId, 'click', { ref: farRef, snapshotId: full.snapshotId });
    expect(reserve).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#reserved')).toBe('Reserved part 4990');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100_000);

    const there = await callWithDefaultDeadline(panel, tabId, 'snapshot', {
      maxTokens: 2_000,
      mode: 'viewport',
    });
    expect(there.tokens).toBeLessThanOrEqual(2_000);
    expect(there.elements.find((e) => e.name === 'Reserve part 4990')).toMatchObject({ ref: farRef, inViewport: true });
    const home = await call(panel, tabId, 'scroll', {
      snapshotId: there.snapshotId,
      toRef: snap.elements[0]?.ref,
    });
    expect(home).toMatchObject({ ok: true, verified: true });
    expect(home.effects).toContain('scroll');
    tally.hostile('50k-elements');
    await page.close();
  });

  it('lets an agent find and reserve a part far down the page', async ({ browser, site, model, panel }) => {
    const { page } = await openTab(browser, site.url('/fault/hostile-huge.html'));
    await page.bringToFront();
    play(model, (seen) => {
      if (/Reserved part 4990/.test(seen.text)) {
        return act('done', {
          success: true,
          answer: 'Part 4990 is reserved.',
          evidence: { quotes: ['Reserved part 4990'] },
        });
      }
      if (seen.previousTools.includes('find')) {
        const part = seen.controls.find((c) => /Reserve part 4990/.test(c.name));
        return part ? act('click', { ref: part.ref }) : giveUp('find did not return the part.');
      }
      return act('find', { query: 'Reserve part 4990' });
    });

    const { result, events } = await runTask(panel, 'Reserve part 4990');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(outcomes(events)).toEqual([
      ['find', 'ok'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(await textIn(page, '#reserved')).toBe('Reserved part 4990');
    tally.hostile('50k-elements');
    await page.close();
  });
});

const feedLoads = (page: Page) => page.evaluate(() => (window as unknown as { feedLoads(): number }).feedLoads());

describe('an endless feed', () => {
  it('scrolls and reports each scroll, while the snapshot stays bounded', async ({ browser, site, panel }) => {
    const { tabId, page } = await openTab(browser, site.url('/fault/hostile-infinite.html'));
    let snap = await call(panel, tabId, 'snapshot', {});
    for (let i = 0; i < 12; i++) {
      const scrolled = await call(panel, tabId, 'scroll', {
        snapshotId: snap.snapshotId,
        direction: 'down',
        unit: 'page',
        amount: 2,
      });
      expect(scrolled).toMatchObject({ ok: true, verified: true });
      expect(scrolled.effects).toContain('scroll');
      snap = await call(panel, tabId, 'snapshot', {});
      expect(snap.tokens).toBeLessThanOrEqual(2_000);
    }
    expect(await feedLoads(page)).toBeGreaterThan(6);
    expect(snap.counts?.controls).toBeGreaterThan(100);
    expect(snap.text).toMatch(/Above the viewport: \d+ controls/);
    tally.hostile('infinite-scroll');
    await page.close();
  });

  it('lets an agent scroll until the story appears, and ends an endless search by the step limit', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openTab(browser, site.url('/fault/hostile-infinite.html'));
    await page.bringToFront();
    play(model, (seen) => {
      if (/Opened The lighthouse keeper/.test(seen.text)) {
        return act('done', {
          success: true,
          answer: 'The lighthouse keeper is open.',
          evidence: { quotes: ['Opened The lighthouse keeper'] },
        });
      }
      const open = seen.controls.find((c) => c.role === 'button' && /lighthouse/i.test(c.name));
      return open ? act('click', { ref: open.ref }) : act('scroll', { direction: 'down' });
    });
    const found = await runTask(panel, 'Open the story about the lighthouse keeper');
    expect(found.result).toMatchObject({ status: 'succeeded', verified: true });
    const scrolls = resultsOf(found.events, 'scroll');
    expect(scrolls.length).toBeGreaterThanOrEqual(3);
    expect(scrolls.every((e) => e.outcome === 'ok')).toBe(true);
    expect(await textIn(page, '#opened')).toBe('Opened The lighthouse keeper');

    model.reset();
    const restore = await withAgentSettings(panel, { maxSteps: 6 });
    try {
      play(model, (seen) => {
        const open = seen.controls.find((c) => c.role === 'button' && /unicorn/i.test(c.name));
        return open ? act('click', { ref: open.ref }) : act('scroll', { direction: 'down', amount: 3 });
      });
      const endless = await runTask(panel, 'Open the story about the unicorn');
      expect(endless.result.status).toBe('max_steps');
      expect(resultsOf(endless.events, 'scroll').every((e) => e.outcome === 'ok')).toBe(true);
    } finally {
      await restore();
    }
    tally.hostile('infinite-scroll');
    await page.close();
  });
});
