// The snapshot in real Chromium, through the relay from the panel: what it lists and how, stable refs, visibility,
// covered elements, shadow roots, frames, the token budget and the digest.

import { estimateTokens } from '../../src/shared/token-estimate';
import { call, describe, expect, it, openTab, refOf, textIn, tryCall } from './kit';

describe('snapshot', () => {
  it('lists controls as compact lines with role, name and state, and never the password', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-form.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    const lines = snap.text.split('\n').map((line) => line.replace(/^\[\d+\] /, ''));
    expect(lines).toContain('# Create your account');
    expect(lines).toContain('textbox "Email" type=email required');
    expect(lines).toContain('textbox "City of residence"'); // aria-label
    expect(lines).toContain('textbox "Postcode"'); // aria-labelledby
    expect(lines).toContain('searchbox "Search the catalogue"'); // placeholder
    expect(lines).toContain('textbox "Member id" value="M-1001" readonly');
    expect(lines).toContain('textbox "Referral code" disabled');
    expect(lines).toContain('checkbox "Send me news"'); // an invisible input drawn by its label
    expect(lines).toContain('radio "Free" checked');
    expect(lines).toContain('checkbox "Email me receipts"');
    expect(snap.text).not.toContain('hunter22');
    expect(snap.text).toMatch(/Below the viewport: 3 controls/);
    expect(snap.elements.find((e) => e.name === 'Email')).toMatchObject({
      role: 'textbox',
      tag: 'input',
      inputType: 'email',
      required: true,
      inViewport: true,
    });
    expect(snap.snapshotId).toMatch(/\.\d+$/);
    expect(snap.tokens).toBe(estimateTokens(snap.text));
    await page.close();
  });

  it('keeps each element’s ref across snapshots and DOM changes that keep the element', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-menu.html'));
    const first = await call(panel, tabId, 'snapshot', {});
    const actions = refOf(first, 'button', 'Actions');
    const dead = refOf(first, 'button', 'Does nothing');
    await page.evaluate(() => {
      const extra = document.createElement('button');
      extra.textContent = 'Inserted first';
      document.body.prepend(extra);
      const dead = document.getElementById('dead');
      if (dead) dead.textContent = 'Renamed';
      document.getElementById('menu-button')?.parentElement?.append(document.createTextNode(' (moved text)'));
    });
    const second = await call(panel, tabId, 'snapshot', {});
    expect(refOf(second, 'button', 'Actions')).toBe(actions);
    expect(refOf(second, 'button', 'Renamed')).toBe(dead);
    const inserted = refOf(second, 'button', 'Inserted first');
    expect(inserted).toBeGreaterThan(Math.max(...first.elements.map((e) => e.ref)));
    // A snapshot id from an older snapshot of the same document still works: refs are stable.
    expect(await call(panel, tabId, 'click', { ref: actions, snapshotId: first.snapshotId })).toMatchObject({
      ok: true,
    });
    await page.close();
  });

  it('answers stale_ref for a removed element and never acts on the element that replaced it', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-table.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    const first = snap.elements.filter((e) => e.name === 'Refund')[0];
    expect(first).toBeDefined();
    await page.evaluate(() => {
      const old = document.querySelector('button[data-order="1001"]');
      const twin = document.createElement('button');
      twin.dataset.order = '1001';
      twin.textContent = 'Refund';
      old?.replaceWith(twin);
    });
    const outcome = await tryCall(panel, tabId, 'click', { ref: first?.ref ?? -1, snapshotId: snap.snapshotId });
    expect(outcome).toMatchObject({ ok: false, code: 'stale_ref', name: 'PageError' });
    expect(await textIn(page, '#log')).toBe('');
    expect(await textIn(page, 'button[data-order="1001"]')).toBe('Refund');
    await page.close();
  });

  it('answers stale_snapshot for a snapshot id from another document', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-table.html'));
    const before = await call(panel, tabId, 'snapshot', {});
    await page.reload();
    await call(panel, tabId, 'ping'); // the new document's script is up
    const ref = before.elements[0]?.ref ?? 1;
    const outcome = await tryCall(panel, tabId, 'click', { ref, snapshotId: before.snapshotId });
    expect(outcome).toMatchObject({ ok: false, code: 'stale_snapshot' });
    expect(await tryCall(panel, tabId, 'click', { ref, snapshotId: 'made-up.1' })).toMatchObject({
      ok: false,
      code: 'stale_snapshot',
    });
    await page.close();
  });

  it('leaves out what a person cannot see and summarizes what is off screen', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-visibility.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    // The box of rows scrolls by itself: it is listed as a scroll area of its own (decision 0035).
    const names = snap.elements.map((e) => (e.role === 'scrollarea' ? '(scroll area)' : e.name));
    expect(names).toEqual(['Visible button', 'Visible child', '(scroll area)', 'Row 1 action']);
    expect(snap.text).toMatch(/scrollarea[^\n]*\(scrolls: /);
    expect(snap.text).toContain('Below the viewport: 2 controls');
    expect(snap.text).toContain('## Footer section · 1 control, 1 text block');
    const full = await call(panel, tabId, 'snapshot', { mode: 'full' });
    expect(full.elements.filter((e) => e.role !== 'scrollarea').map((e) => e.name)).toEqual([
      'Visible button',
      'Visible child',
      'Row 1 action',
      'Row 5 action',
      'Below the fold',
    ]);
    expect(full.elements.find((e) => e.name === 'Row 5 action')?.inViewport).toBe(false);
    const found = await call(panel, tabId, 'find', { query: 'below the fold' });
    expect(found.matches[0]).toMatchObject({ role: 'button', inViewport: false });
    await page.close();
  });

  it('counts and lists nothing off screen of a page nobody can see: a hidden body, an html that is display: none', async ({
    browser,
    panel,
    site,
  }) => {
    const nothing = { controls: 0, listed: 0, onScreen: 0, aboveViewport: 0, belowViewport: 0 };
    const hidden = await openTab(browser, site.url('/page/pc-hidden-body.html'));
    expect(await hidden.page.evaluate(() => document.querySelectorAll('button').length)).toBe(200);
    const top = await call(panel, hidden.tabId, 'snapshot', {});
    expect(top.elements).toEqual([]);
    expect(top.counts).toEqual(nothing);
    expect(top.text).toMatch(/^Viewport 1280×800 at y=0 of \d+px$/); // the position line alone: no summary, no heading
    // Scrolled to the middle, nothing is above either.
    await hidden.page.evaluate(() => window.scrollTo(0, 3_000));
    const middle = await call(panel, hidden.tabId, 'snapshot', {});
    expect(middle.viewport.scrollY).toBe(3_000);
    expect(middle.counts).toEqual(nothing);
    expect(middle.text).toMatch(/^Viewport 1280×800 at y=3000 of \d+px$/);
    await hidden.page.close();

    const unrendered = await openTab(browser, site.url('/page/pc-hidden-root.html'));
    expect(await unrendered.page.evaluate(() => document.querySelectorAll('a').length)).toBe(185);
    const snap = await call(panel, unrendered.tabId, 'snapshot', {});
    expect(snap.elements).toEqual([]);
    expect(snap.counts).toEqual(nothing);
    expect(snap.text).not.toMatch(/the viewport:|Unrendered/);
    await unrendered.page.close();
  });

  it('lists and counts a visible child of a hidden parent, and nothing else nobody sees, on screen and off', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-hidden-parent.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    expect(snap.elements.map((e) => e.name)).toEqual(['Shown on screen']);
    const lines = snap.text.split('\n');
    expect(lines).toContain('Shown text on screen.');
    const unseen =
      /Hidden|In closed|Loose text|Content visibility|In content-visibility|Collapsed|In collapsed|attribute/;
    expect(snap.text).not.toMatch(unseen);
    // Below the fold: the visible button and heading inside the hidden parent, the closed details' summary (a
    // button), the heading and the text in the open; nothing of the hidden parent, the closed details' content,
    // the content-visibility: hidden block, the collapsed panel or the hidden attribute.
    expect(snap.counts).toMatchObject({ controls: 3, onScreen: 1, aboveViewport: 0, belowViewport: 2 });
    expect(lines).toContain(
      '--- Below the viewport: 2 controls, 1 text block, 2 headings (scroll down, or use find/readPage) ---',
    );
    expect(lines).toContain('## Below the fold');
    expect(lines).toContain('### Shown heading below · 2 controls, 1 text block');
    // The thorough walk of a full snapshot agrees.
    const full = await call(panel, tabId, 'snapshot', { mode: 'full' });
    expect(full.elements.map((e) => e.name)).toEqual(['Shown on screen', 'Shown below', 'Closed details']);
    expect(full.text).not.toMatch(unseen);
    await page.close();
  });

  it('marks controls under a modal as covered, and lists a visible header despite aria-hidden', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-modal.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    const byName = (name: string) => snap.elements.find((e) => e.name === name);
    expect(byName('Home')?.coveredBy).toBe('div#backdrop.backdrop');
    expect(byName('Add to cart')?.coveredBy).toBe('div#backdrop.backdrop');
    expect(byName('Accept')?.coveredBy).toBeUndefined();
    expect(snap.text).toContain('button "Add to cart" (covered by div#backdrop.backdrop)');
    await call(panel, tabId, 'click', { ref: refOf(snap, 'button', 'Accept'), snapshotId: snap.snapshotId });
    const after = await call(panel, tabId, 'snapshot', {});
    expect(after.elements.filter((e) => e.coveredBy)).toEqual([]);
    expect(refOf(after, 'link', 'Home')).toBe(byName('Home')?.ref);
    await page.close();
  });

  it('reaches into open and closed shadow roots, with slotted text in place', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-shadow.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    expect(snap.text).toMatch(/\[\d+\] textbox "Search products"\n\[\d+\] button "Search"\nTry "kettle"/);
    expect(snap.text).toMatch(/Closed panel\n\[\d+\] button "Closed button"/);
    const search = refOf(snap, 'textbox', 'Search products');
    await call(panel, tabId, 'type', { ref: search, snapshotId: snap.snapshotId, text: 'kettle' });
    const go = await call(panel, tabId, 'click', {
      ref: refOf(snap, 'button', 'Search'),
      snapshotId: snap.snapshotId,
    });
    expect(go).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#out')).toBe('Searched for kettle');
    await call(panel, tabId, 'click', { ref: refOf(snap, 'button', 'Closed button'), snapshotId: snap.snapshotId });
    expect(await textIn(page, '#out')).toBe('Closed button clicked');
    await page.close();
  });

  it('walks same-origin frames with refs that act in the frame, and lists cross-origin frames in place', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-frames.html'));
    await page.frameLocator('#cross').locator('#subscribe').waitFor();
    const snap = await call(panel, tabId, 'snapshot', {});
    const subscribe = snap.elements.find((e) => e.name === 'Subscribe');
    expect(subscribe).toMatchObject({ frame: 0, inViewport: true });
    expect(snap.crossOriginFrames).toEqual([
      expect.objectContaining({ src: `${site.otherOrigin}/page/pc-frame-inner.html`, frameId: expect.any(Number) }),
    ]);
    // Read through the frame's own script (frames.e2e.ts covers it in depth): listed once, under its line.
    expect(snap.text).toContain(`[frame] ${site.otherOrigin}/page/pc-frame-inner.html`);
    expect(snap.elements.filter((e) => e.name === 'Subscribe')).toHaveLength(2);
    const result = await call(panel, tabId, 'click', { ref: subscribe?.ref ?? -1, snapshotId: snap.snapshotId });
    expect(result).toMatchObject({ ok: true, verified: true, effects: ['dom_change'] });
    expect(await page.frameLocator('#same').locator('#done').textContent()).toBe('Subscribed');
    expect(await page.frameLocator('#cross').locator('#done').textContent()).toBe('');
    await page.close();
  });

  it('keeps a 10,000-element page within the budget, on-screen controls first', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-large.html'));
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeGreaterThan(10_000);
    const snap = await call(panel, tabId, 'snapshot', {});
    expect(snap.tokens).toBeLessThanOrEqual(2_000);
    expect(snap.counts?.controls).toBe(6_000);
    expect(snap.counts?.listed).toBe(snap.counts?.onScreen);
    const full = await call(panel, tabId, 'snapshot', { mode: 'full' });
    expect(full.tokens).toBeLessThanOrEqual(2_000);
    expect(full.truncated).toBe(true);
    expect(full.text).toMatch(/left out to stay within ~2000 tokens/);
    const onScreen = full.elements.filter((e) => e.inViewport).length;
    expect(onScreen).toBe(snap.counts?.onScreen);
    const small = await call(panel, tabId, 'snapshot', { maxTokens: 400 });
    expect(small.tokens).toBeLessThanOrEqual(400);
    expect(await tryCall(panel, tabId, 'snapshot', { maxTokens: 5 })).toMatchObject({
      ok: false,
      code: 'invalid_argument',
    });
    await page.close();
  });

  it('keeps a Chinese page within its budget by the per-script estimate, where characters / 4 would not', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-zh-news.html'));
    // The whole page, untruncated: within 2,000 by characters / 4, well over by the estimate (about one token a
    // Chinese character, as a BPE tokenizer counts them).
    const whole = await call(panel, tabId, 'snapshot', { mode: 'full', maxTokens: 50_000 });
    expect(whole.truncated).toBe(false);
    expect(whole.text.length / 4).toBeLessThan(2_000);
    expect(whole.tokens).toBe(estimateTokens(whole.text));
    expect(whole.tokens).toBeGreaterThan(2_500);
    for (const mode of ['viewport', 'full'] as const) {
      const snap = await call(panel, tabId, 'snapshot', { mode });
      expect(snap.truncated).toBe(true);
      expect(snap.tokens).toBe(estimateTokens(snap.text));
      expect(snap.tokens).toBeLessThanOrEqual(2_000);
      expect(snap.tokens).toBeGreaterThan(1_800); // the budget is used, not wasted
      expect(snap.text).toMatch(/left out to stay within ~2000 tokens/);
      // On-screen controls are kept first, as a prefix in document order.
      const listed = snap.elements.map((e) => e.name);
      expect(listed.slice(0, 3)).toEqual(['首页', '国内', '国际']);
      expect(whole.elements.map((e) => e.name).slice(0, listed.length)).toEqual(listed);
    }
    const small = await call(panel, tabId, 'snapshot', { maxTokens: 400 });
    expect(small.tokens).toBe(estimateTokens(small.text));
    expect(small.tokens).toBeLessThanOrEqual(400);
    await page.close();
  });

  it('gives the same digest for the same state and a new one when the state changes', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-form.html'));
    const a = await call(panel, tabId, 'snapshot', {});
    const b = await call(panel, tabId, 'snapshot', {});
    expect(b.digest).toBe(a.digest);
    await call(panel, tabId, 'type', {
      ref: refOf(a, 'textbox', 'Full name'),
      snapshotId: a.snapshotId,
      text: 'Ada',
    });
    const typed = await call(panel, tabId, 'snapshot', {});
    expect(typed.digest).not.toBe(a.digest);
    await call(panel, tabId, 'scroll', { snapshotId: a.snapshotId, direction: 'down' });
    const scrolled = await call(panel, tabId, 'snapshot', {});
    expect(scrolled.digest).not.toBe(typed.digest);
    // Rebuilding an element with the same content is the same state: refs are not part of the digest.
    await call(panel, tabId, 'scroll', { snapshotId: a.snapshotId, direction: 'up' });
    await page.evaluate(() => {
      const old = document.getElementById('submit');
      old?.replaceWith(old.cloneNode(true));
    });
    expect((await call(panel, tabId, 'snapshot', {})).digest).toBe(typed.digest);
    await page.close();
  });

  it('reads the page in pages and finds text and controls anywhere', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-large.html'));
    const first = await call(panel, tabId, 'readPage', { maxChars: 2_000 });
    expect(first.text.startsWith('# Catalogue')).toBe(true);
    expect(first.text).toContain('## Section 1');
    expect(first.next).toBeGreaterThan(1_500);
    const second = await call(panel, tabId, 'readPage', { from: first.next, maxChars: 2_000 });
    expect(second.from).toBe(first.next);
    expect(first.text + second.text).toBe(
      (await call(panel, tabId, 'readPage', { maxChars: 4_000 })).text.slice(0, first.text.length + second.text.length),
    );
    const found = await call(panel, tabId, 'find', { query: 'Add 1999' });
    expect(found.matches[0]).toMatchObject({ role: 'button', text: 'button "Add 1999"', inViewport: false });
    const snap = await call(panel, tabId, 'snapshot', {});
    const clicked = await call(panel, tabId, 'click', {
      ref: found.matches[0]?.ref ?? -1,
      snapshotId: snap.snapshotId,
    });
    expect(clicked.ok).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(10_000);
    await page.close();
  });
});
