// Cross-origin frames in Chromium (docs/contracts.md FR-*): a checkout on 127.0.0.1 whose card form is a frame from
// localhost (another origin), beside a srcdoc frame and an about:blank frame written by script. The frame's controls
// are listed in place with refs of their own; actions, find and read_page reach them; the mask guards the person's
// keys inside the frame; a frame that navigated gives stale refs; and the agent completes the checkout.

import type { Page } from 'playwright-core';
import { permissionBox } from '../support/perm-sites';
import {
  act,
  answerConsent,
  call,
  control,
  describe,
  expect,
  giveUp,
  it,
  openFrontTab,
  openTab,
  type PanelGlobal,
  play,
  runTask,
  textIn,
  tryCall,
} from './kit';

const CHECKOUT = '/frames/checkout.html';

async function cardReady(page: Page): Promise<void> {
  await page.frameLocator('#card').locator('#pay').waitFor();
}

function refNamed(snapshot: { elements: { ref: number; role: string; name: string }[] }, role: string, name: RegExp) {
  const element = snapshot.elements.find((e) => e.role === role && name.test(e.name));
  if (!element) throw new Error(`No ${role} ${name} in ${snapshot.elements.map((e) => e.name).join(', ')}`);
  return element.ref;
}

describe('cross-origin frames', () => {
  it('lists the frame’s controls in place under its line, each same-origin frame once', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    const snap = await call(panel, tabId, 'snapshot', {});
    const lines = snap.text.split('\n');
    const header = lines.findIndex((line) => line.startsWith(`[frame] ${site.otherOrigin}/frames/card.html`));
    const number = lines.findIndex((line) => /^ {2}\[\d+\] textbox "Card number"$/.test(line));
    expect(header).toBeGreaterThan(0);
    expect(number).toBeGreaterThan(header);
    expect(lines).toContain('  ## Card details');
    expect(lines.some((line) => /^ {2}\[\d+\] button "Pay €39.00"$/.test(line))).toBe(true);
    expect(snap.text).not.toContain('its content cannot be read');
    // srcdoc and about:blank frames are the page's own origin: walked from frame 0, listed once.
    expect(snap.text.match(/Leave at the door/g)).toHaveLength(1);
    expect(snap.text.match(/Gift message/g)).toHaveLength(1);
    expect(snap.crossOriginFrames).toEqual([
      expect.objectContaining({ src: `${site.otherOrigin}/frames/card.html`, frameId: expect.any(Number) }),
    ]);
    const card = refNamed(snap, 'textbox', /^Card number$/);
    expect(card).toBeGreaterThan(1_000_000);
    expect(snap.elements.filter((e) => e.ref === card)).toHaveLength(1);
    // The box is in the tab's coordinates: below the frame's top edge.
    const frameBox = snap.crossOriginFrames[0]?.box;
    expect(snap.elements.find((e) => e.ref === card)?.box.y).toBeGreaterThan(frameBox?.y ?? Number.POSITIVE_INFINITY);
    const again = await call(panel, tabId, 'snapshot', {});
    expect(refNamed(again, 'textbox', /^Card number$/)).toBe(card);
    await page.close();
  });

  it('acts in the frame through its refs and completes the payment', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    const snap = await call(panel, tabId, 'snapshot', {});
    const at = (role: string, name: RegExp) => ({ ref: refNamed(snap, role, name), snapshotId: snap.snapshotId });
    const frame = page.frameLocator('#card');

    const hover = await call(panel, tabId, 'hover', at('button', /^Pay/));
    expect(hover.ok).toBe(true);
    const typed = await call(panel, tabId, 'type', { ...at('textbox', /^Card number$/), text: '4242424242424242' });
    expect(typed).toMatchObject({ ok: true, verified: true });
    expect(await frame.locator('#number').inputValue()).toBe('4242424242424242');
    await call(panel, tabId, 'type', { ...at('textbox', /^Expiry/), text: '12/30' });
    await call(panel, tabId, 'type', { ...at('textbox', /^CVC$/), text: '123' });
    const chosen = await call(panel, tabId, 'selectOption', { ...at('combobox', /^Card type/), option: 'Visa' });
    expect(chosen).toMatchObject({ ok: true, verified: true });
    expect(await frame.locator('#type').inputValue()).toBe('Visa');
    const saved = await call(panel, tabId, 'check', { ...at('checkbox', /Save this card/), checked: true });
    expect(saved).toMatchObject({ ok: true, verified: true });
    expect(await frame.locator('#save').isChecked()).toBe(true);
    const scrolled = await call(panel, tabId, 'scroll', {
      snapshotId: snap.snapshotId,
      toRef: at('button', /^Pay/).ref,
    });
    expect(scrolled.ok).toBe(true);

    // Enter in the CVC field submits the card form, inside the frame.
    const paid = await call(panel, tabId, 'pressKey', { key: 'Enter', ...at('textbox', /^CVC$/) });
    expect(paid).toMatchObject({ ok: true, verified: true });
    expect(paid.effects).not.toContain('navigation');
    await expect.poll(() => textIn(page, '#status'), { timeout: 5_000 }).toBe('Payment accepted: card ending 4242');
    expect(await frame.locator('#result').textContent()).toBe('Payment sent');
    await page.close();
  });

  it('sends a key pressed without a ref to the frame that holds the focus', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    const snap = await call(panel, tabId, 'snapshot', {});
    const at = (name: RegExp) => ({ ref: refNamed(snap, 'textbox', name), snapshotId: snap.snapshotId });
    await call(panel, tabId, 'type', { ...at(/^Card number$/), text: '4242424242424242' });
    await call(panel, tabId, 'type', { ...at(/^Expiry/), text: '12/30' });
    await call(panel, tabId, 'type', { ...at(/^CVC$/), text: '123' });
    const pressed = await call(panel, tabId, 'pressKey', { key: 'Enter', snapshotId: snap.snapshotId });
    expect(pressed).toMatchObject({ ok: true, verified: true });
    await expect.poll(() => textIn(page, '#status'), { timeout: 5_000 }).toBe('Payment accepted: card ending 4242');
    await page.close();
  });

  it('clicks in the frame, and frame 0’s refs still act in frame 0', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    const snap = await call(panel, tabId, 'snapshot', {});
    const pay = await call(panel, tabId, 'click', {
      ref: refNamed(snap, 'button', /^Pay/),
      snapshotId: snap.snapshotId,
    });
    expect(pay).toMatchObject({ ok: true, verified: true });
    expect(await page.frameLocator('#card').locator('#result').textContent()).toBe('Check the card number: 16 digits.');
    expect(await textIn(page, '#status')).toBe('Waiting for payment');
    const door = refNamed(snap, 'checkbox', /Leave at the door/);
    expect(door).toBeLessThan(1_000_000);
    const checked = await call(panel, tabId, 'check', { ref: door, snapshotId: snap.snapshotId, checked: true });
    expect(checked).toMatchObject({ ok: true, verified: true });
    expect(await page.frameLocator('#note').locator('#door').isChecked()).toBe(true);
    await page.close();
  });

  it('finds and reads the frame’s content', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    const snap = await call(panel, tabId, 'snapshot', {});
    const found = await call(panel, tabId, 'find', { query: 'card number' });
    expect(found.matches).toContainEqual(
      expect.objectContaining({ ref: refNamed(snap, 'textbox', /^Card number$/), role: 'textbox' }),
    );
    const read = await call(panel, tabId, 'readPage', {});
    expect(read.text).toContain('Order 1042');
    expect(read.text).toContain(`[frame] ${site.otherOrigin}/frames/card.html`);
    expect(read.text).toContain('Card details');
    expect(read.text.indexOf('Card details')).toBeGreaterThan(read.text.indexOf('[frame]'));
    await page.close();
  });

  it('finds the controls of a frame below the viewport and types there through the ref it found; a data: frame stays unread', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/frames/long.html'));
    await cardReady(page);
    const snap = await call(panel, tabId, 'snapshot', {});
    expect(snap.text).not.toContain('Card number');
    // A data: frame has an opaque origin: listed with why it cannot be read, and never scripted.
    expect(snap.text).toMatch(/^\[cross-origin frame\] data:text\/html,.* \(its content cannot be read: /m);
    expect(snap.crossOriginFrames.find((f) => f.src.startsWith('data:'))?.frameId).toBeUndefined();
    const found = await call(panel, tabId, 'find', { query: 'card number' });
    const match = found.matches.find((m) => m.role === 'textbox');
    expect(match?.ref).toBeGreaterThan(1_000_000);
    const typed = await call(panel, tabId, 'type', {
      ref: match?.ref ?? -1,
      snapshotId: snap.snapshotId,
      text: '4242424242424242',
    });
    expect(typed).toMatchObject({ ok: true, verified: true });
    expect(await page.frameLocator('#card').locator('#number').inputValue()).toBe('4242424242424242');
    const read = await call(panel, tabId, 'readPage', {});
    expect(read.text).toContain('Card details');
    await page.close();
  });

  it('gives stale_ref for a ref of a frame that navigated, and new refs after a new look', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    const snap = await call(panel, tabId, 'snapshot', {});
    const card = refNamed(snap, 'textbox', /^Card number$/);
    await page.evaluate((url) => {
      (document.getElementById('card') as HTMLIFrameElement).src = url;
    }, `${site.otherOrigin}/page/pc-frame-inner.html`);
    await page.frameLocator('#card').locator('#subscribe').waitFor();
    const stale = await tryCall(panel, tabId, 'type', { ref: card, snapshotId: snap.snapshotId, text: '1' });
    expect(stale).toMatchObject({ ok: false, code: 'stale_ref' });
    expect(stale.ok ? '' : stale.message).toMatch(/frame .* navigated or been removed\. Take a new snapshot/);
    const fresh = await call(panel, tabId, 'snapshot', {});
    const subscribe = refNamed(fresh, 'button', /^Subscribe$/);
    expect(subscribe).toBeGreaterThan(card);
    const clicked = await call(panel, tabId, 'click', { ref: subscribe, snapshotId: fresh.snapshotId });
    expect(clicked).toMatchObject({ ok: true, verified: true });
    expect(await page.frameLocator('#card').locator('#done').textContent()).toBe('Subscribed');
    const unknown = await tryCall(panel, tabId, 'click', { ref: 1_999_999, snapshotId: fresh.snapshotId });
    expect(unknown).toMatchObject({ ok: false, code: 'invalid_argument' });
    await page.close();
  });

  it('reads a frame inside a frame, each under its own line, and acts in the innermost', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/frames/nested.html'));
    const confirm = page.frameLocator('#wallet').frameLocator('#confirm');
    await confirm.locator('#confirm').waitFor();
    const snap = await call(panel, tabId, 'snapshot', {});
    const lines = snap.text.split('\n');
    const wallet = lines.indexOf(
      `[frame] ${site.otherOrigin}/frames/wallet.html (another site: its content follows, indented)`,
    );
    const inner = lines.findIndex((line) => line.startsWith(`  [frame] ${site.url('/frames/confirm.html')}`));
    const button = lines.findIndex((line) => /^ {4}\[\d+\] button "Confirm top-up"$/.test(line));
    expect(wallet).toBeGreaterThan(0);
    expect(inner).toBeGreaterThan(wallet);
    expect(button).toBeGreaterThan(inner);
    expect(lines.some((line) => /^ {2}\[\d+\] button "Add €10"$/.test(line))).toBe(true);
    const clicked = await call(panel, tabId, 'click', {
      ref: refNamed(snap, 'button', /^Confirm top-up$/),
      snapshotId: snap.snapshotId,
    });
    expect(clicked).toMatchObject({ ok: true, verified: true });
    expect(await confirm.locator('#confirmed').textContent()).toBe('Confirmed');
    expect(await page.frameLocator('#wallet').locator('#balance').textContent()).toBe('Balance €0');
    await page.close();
  });

  it('reports a link that loads a new page in the frame as a change on the page, and the tab stays where it was', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/frames/nested.html'));
    await page.frameLocator('#wallet').frameLocator('#confirm').locator('#confirm').waitFor();
    const url = page.url();
    const snap = await call(panel, tabId, 'snapshot', {});
    const outcome = await tryCall(panel, tabId, 'click', {
      ref: refNamed(snap, 'link', /^Wallet help$/),
      snapshotId: snap.snapshotId,
    });
    expect(outcome.ok).toBe(true);
    const result = outcome.ok ? outcome.value : null;
    expect(result).toMatchObject({ ok: true, verified: true });
    expect(result?.effects).not.toContain('navigation');
    expect(result?.reason).toMatch(/frame it was in loaded a new page/);
    await page.frameLocator('#wallet').locator('text=Top-ups arrive within a minute.').waitFor();
    expect(page.url()).toBe(url);
    const after = await call(panel, tabId, 'snapshot', {});
    expect(after.text).toContain('  ## Wallet help');
    await page.close();
  });

  it('blocks the person’s keys inside the frame while the mask is up', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    await call(panel, tabId, 'snapshot', {});
    const number = page.frameLocator('#card').locator('#number');
    await call(panel, tabId, 'showMask', { leaseMs: 20_000 });
    await number.focus();
    await page.keyboard.type('99');
    expect(await number.inputValue()).toBe('');
    await call(panel, tabId, 'hideMask');
    await number.focus();
    await page.keyboard.type('99');
    expect(await number.inputValue()).toBe('99');
    await page.close();
  });
});

describe('agent in a checkout with a card frame', () => {
  it('pays through the card form of another origin, reading refs from the observation', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openFrontTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    play(model, (seen) => {
      if (/Payment accepted/.test(seen.text)) {
        return act('done', {
          success: true,
          answer: 'Paid with the card ending 4242.',
          evidence: { quotes: ['Payment accepted: card ending 4242'] },
        });
      }
      const number = control(seen, 'textbox', /^card number$/i);
      if (!number.value) return act('type', { ref: number.ref, text: '4242424242424242' }, 'Card number.');
      const expiry = control(seen, 'textbox', /^expiry/i);
      if (!expiry.value) return act('type', { ref: expiry.ref, text: '12/30' });
      const cvc = control(seen, 'textbox', /^cvc$/i);
      if (!cvc.value) return act('type', { ref: cvc.ref, text: '123' });
      return act('click', { ref: control(seen, 'button', /^pay/i).ref });
    });

    const running = runTask(browser.panel, 'Pay for order 1042 with card 4242 4242 4242 4242, 12/30, CVC 123');
    // The card form is another site's frame: the first act there asks, once for the task (decision 0025).
    const ask = permissionBox(browser.panel);
    await ask.box.waitFor();
    expect(await ask.why.textContent()).toMatch(
      /^Steadyhand wants to type in a frame from localhost:\d+ inside 127\.0\.0\.1:\d+\./,
    );
    await ask.allowOnce.click();
    // Pay, in the frame, is a payment (decision 0026): read in the frame before the click, asked about for the frame's
    // site, the card number masked but for its last four digits.
    const paying = await answerConsent(browser.panel, 'once');
    expect(paying).toMatchObject({ kind: 'payment', origin: site.otherOrigin });
    expect(paying.text).toContain('•••• 4242');
    expect(paying.text).not.toContain('4242424242424242');
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(events.filter((e) => e.type === 'permission_request')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'consent_request')).toHaveLength(1);
    const outcomes = events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome]] : []));
    expect(outcomes).toEqual([
      ['type', 'ok'],
      ['type', 'ok'],
      ['type', 'ok'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(await textIn(page, '#status')).toBe('Payment accepted: card ending 4242');
    await page.close();
  });

  it('leaves a frame on a blocked site unread and unscripted, and the agent sees why', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openFrontTab(browser, site.url(CHECKOUT));
    await cardReady(page);
    await browser.panel.evaluate(() =>
      (globalThis as PanelGlobal).steadyhand.settings.getState().update({ blockedSites: ['localhost'] }),
    );
    try {
      const seen = play(model, (view) => {
        if (/not read: the person did not allow this site/.test(view.text)) {
          return giveUp('The card form is on a site you blocked, so I cannot pay.');
        }
        throw new Error(`the blocked frame was read:\n${view.text}`);
      });
      const { result } = await runTask(
        browser.panel,
        'Pay for order 1042 with card 4242 4242 4242 4242, 12/30, CVC 123',
      );
      expect(result.status).toBe('failed');
      expect(seen[0]?.text).toMatch(
        /\[cross-origin frame\] http:\/\/localhost:\d+\/frames\/card\.html.* \(not read: the person did not allow this site for this task\)/,
      );
      expect(seen[0]?.text).not.toMatch(/Card number/);
    } finally {
      await browser.panel.evaluate(() =>
        (globalThis as PanelGlobal).steadyhand.settings.getState().update({ blockedSites: [] }),
      );
      await page.close();
    }
  });
});
