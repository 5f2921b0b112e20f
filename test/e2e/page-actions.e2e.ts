// Actions in real Chromium through the relay: each one checks its own postcondition, both ways.

import { call, describe, type ExtensionHarness, expect, it, openTab, refOf, textIn, tryCall } from './kit';

/** Opens `url` in a new tab and takes a full snapshot; `ref(role, name)` names an element of it for an action. */
async function open(browser: ExtensionHarness, url: string) {
  const { tabId, page } = await openTab(browser, url);
  const snap = await call(browser.panel, tabId, 'snapshot', { mode: 'full' });
  const ref = (role: string, name: string) => ({ ref: refOf(snap, role, name), snapshotId: snap.snapshotId });
  return { tabId, page, snap, ref };
}

describe('click', () => {
  it('reports the effect of a click, and verified:false when nothing happens', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-menu.html'));
    const menu = await call(panel, tabId, 'click', ref('button', 'Actions'));
    expect(menu).toMatchObject({ ok: true, verified: true });
    expect(menu.effects).toEqual(expect.arrayContaining(['dom_change', 'state_change']));
    const after = await call(panel, tabId, 'snapshot', {});
    expect(after.text).toMatch(/button "Actions" expanded\n\[\d+\] menuitem "Rename"/);
    const rename = await call(panel, tabId, 'click', {
      ref: refOf(after, 'menuitem', 'Rename'),
      snapshotId: after.snapshotId,
    });
    expect(rename.verified).toBe(true);
    expect(await textIn(page, '#chosen')).toBe('Chose Rename');

    const dead = await call(panel, tabId, 'click', ref('button', 'Does nothing'));
    expect(dead).toMatchObject({ ok: true, verified: false, effects: ['none'] });
    expect(dead.reason).toMatch(/nothing observable changed/);
    await page.close();
  });

  it('gives verified:false when the page only flickers and ends as it started', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-menu.html'));
    const flash = await call(panel, tabId, 'click', ref('button', 'Flashes'));
    expect(flash).toMatchObject({ ok: true, verified: false });
    expect(flash.effects).toContain('dom_change');
    expect(flash.reason).toMatch(/ended as it started/);
    expect(await page.locator('#flash-out').evaluate((out) => out.className)).toBe('');
    await page.close();
  });

  it('waits for an effect that comes late, and clicks things that only look clickable', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-menu.html'));
    const slow = await call(panel, tabId, 'click', ref('button', 'Loads slowly'));
    expect(slow).toMatchObject({ ok: true, verified: true, effects: ['dom_change'] });
    expect(await textIn(page, '#slow-out')).toBe('Loaded');
    const card = await call(panel, tabId, 'click', ref('clickable', 'Product card Blue kettle'));
    expect(card.verified).toBe(true);
    expect(await textIn(page, '#chosen')).toBe('Opened the kettle');
    await page.close();
  });

  it('notes a new window for a target=_blank link, and a navigation for a link', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-menu.html'));
    const popup = browser.context.waitForEvent('page');
    const blank = await call(panel, tabId, 'click', ref('link', 'Open page two in a new tab'));
    expect(blank).toMatchObject({ ok: true, verified: true });
    expect(blank.effects).toContain('new_window');
    const opened = await popup;
    await opened.waitForURL(/page2\.html/);
    await opened.close();

    const jump = await call(panel, tabId, 'click', ref('link', 'Jump to the far section'));
    expect(jump.effects).toEqual(expect.arrayContaining(['navigation', 'scroll']));

    const nav = await tryCall(panel, tabId, 'click', ref('link', 'Go to page two'));
    // The reply races the unload of the document; either it says so, or the relay reports the document went away.
    if (nav.ok) expect(nav.value).toMatchObject({ verified: true, effects: ['navigation'] });
    else expect(nav.code).toBe('relay_lost');
    await page.waitForURL(/page2\.html/);
    await page.close();
  });

  it('refuses a disabled control and names what covers a control', async ({ browser, panel, site }) => {
    const { tabId, page, snap } = await open(browser, site.url('/page/pc-modal.html'));
    const add = { ref: refOf(snap, 'button', 'Add to cart'), snapshotId: snap.snapshotId };
    const covered = await call(panel, tabId, 'click', add);
    expect(covered).toMatchObject({ ok: false, verified: false });
    expect(covered.reason).toContain('div#backdrop.backdrop');
    expect(await textIn(page, '#add')).toBe('Add to cart');
    await page.close();

    const form = await open(browser, site.url('/page/pc-form.html'));
    const cancel = form.snap.elements.find((e) => e.name === 'Cancel');
    const disabled = await call(panel, form.tabId, 'click', {
      ref: cancel?.ref ?? -1,
      snapshotId: form.snap.snapshotId,
    });
    expect(disabled).toMatchObject({ ok: false, reason: expect.stringMatching(/disabled/) });
    await form.page.close();
  });
});

describe('type', () => {
  it('types into plain and controlled inputs and verifies the value', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-form.html'));
    expect(await call(panel, tabId, 'type', { ...ref('textbox', 'Email'), text: 'ada@example.com' })).toMatchObject({
      ok: true,
      verified: true,
      effects: expect.arrayContaining(['value_change']),
    });
    expect(await page.inputValue('#email')).toBe('ada@example.com');
    const controlled = await call(panel, tabId, 'type', {
      ...ref('textbox', 'Nickname (controlled)'),
      text: 'countess',
    });
    expect(controlled).toMatchObject({ ok: true, verified: true });
    await page.click('h1'); // a re-render of the controlled input keeps the typed state
    expect(await page.inputValue('#controlled')).toBe('countess');
    const cleared = await call(panel, tabId, 'type', {
      ...ref('textbox', 'Email'),
      text: 'grace@example.com',
      clear: true,
    });
    expect(cleared.verified).toBe(true);
    expect(await page.inputValue('#email')).toBe('grace@example.com');
    await page.close();
  });

  it('gives verified:false when the page rejects the text or cuts it off', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-form.html'));
    const rejected = await call(panel, tabId, 'type', { ...ref('textbox', 'Age (digits only)'), text: 'forty' });
    expect(rejected).toMatchObject({ ok: true, verified: false });
    expect(rejected.reason).toMatch(/shows "" instead of "forty"/);
    const accepted = await call(panel, tabId, 'type', { ...ref('textbox', 'Age (digits only)'), text: '42' });
    expect(accepted.verified).toBe(true);
    const cut = await call(panel, tabId, 'type', { ...ref('textbox', 'Postcode'), text: '1234567' });
    expect(cut).toMatchObject({ verified: false, reason: expect.stringMatching(/at most 5 characters/) });
    const readonly = await call(panel, tabId, 'type', { ...ref('textbox', 'Member id'), text: 'x' });
    expect(readonly).toMatchObject({ ok: false, reason: expect.stringMatching(/read-only/) });
    const box = await call(panel, tabId, 'type', { ...ref('checkbox', 'I accept the terms'), text: 'x' });
    expect(box).toMatchObject({ ok: false, reason: expect.stringMatching(/not a text field/) });
    await page.close();
  });

  it('types into a contenteditable editor and submits a form with Enter', async ({ browser, panel, site }) => {
    const editor = await open(browser, site.url('/page/pc-editor.html'));
    const typed = await call(panel, editor.tabId, 'type', {
      ...editor.ref('textbox', 'Review text'),
      text: 'Great kettle',
      clear: true,
    });
    expect(typed).toMatchObject({ ok: true, verified: true });
    expect(await textIn(editor.page, '#editor')).toBe('Great kettle');
    await editor.page.close();

    const { tabId, page, ref } = await open(browser, site.url('/page/pc-form.html'));
    const submitted = await call(panel, tabId, 'type', {
      ...ref('textbox', 'Email'),
      text: 'ada@example.com',
      submit: true,
    });
    expect(submitted).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#status')).toBe('Submitted for ada@example.com');
    await page.close();
  });
});

describe('select, check', () => {
  it('selects native options by label or value and refuses disabled or missing ones', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-editor.html'));
    const country = ref('combobox', 'Country');
    expect(await call(panel, tabId, 'selectOption', { ...country, option: 'Germany' })).toMatchObject({
      ok: true,
      verified: true,
    });
    expect(await textIn(page, '#country-out')).toBe('Ships to de');
    expect(await call(panel, tabId, 'selectOption', { ...country, option: 'fr' })).toMatchObject({ verified: true });
    expect(await page.inputValue('#country')).toBe('fr');
    expect(await call(panel, tabId, 'selectOption', { ...country, option: 'Italy' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/disabled/),
    });
    const missing = await call(panel, tabId, 'selectOption', { ...country, option: 'Spain' });
    expect(missing).toMatchObject({ ok: false, reason: expect.stringContaining('"France", "Germany"') });
    expect(await call(panel, tabId, 'selectOption', { ...ref('combobox', 'City'), option: 'berlin' })).toMatchObject({
      verified: true,
    });
    expect(await page.inputValue('#city')).toBe('Berlin');
    const locked = await call(panel, tabId, 'selectOption', { ...ref('combobox', 'Plan (locked)'), option: 'Gold' });
    expect(locked).toMatchObject({ ok: true, verified: false, reason: 'The page reset the selection to "Basic".' });
    await page.close();
  });

  it('selects in an ARIA listbox and through an ARIA combobox', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-editor.html'));
    expect(await call(panel, tabId, 'selectOption', { ...ref('listbox', 'Size'), option: 'Large' })).toMatchObject({
      ok: true,
      verified: true,
    });
    expect(await page.getAttribute('#size-l', 'aria-selected')).toBe('true');
    expect(await call(panel, tabId, 'selectOption', { ...ref('combobox', 'Colour'), option: 'Blue' })).toMatchObject({
      ok: true,
      verified: true,
    });
    expect(await textIn(page, '#colour')).toBe('Blue');
    const frozen = await call(panel, tabId, 'selectOption', {
      ...ref('listbox', 'Speed (read-only list)'),
      option: 'Express',
    });
    expect(frozen).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/not marked selected/) });
    await page.close();
  });

  it('checks and unchecks, through a label when the input is hidden, and says when the state did not flip', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-form.html'));
    const terms = ref('checkbox', 'I accept the terms');
    expect(await call(panel, tabId, 'check', { ...terms, checked: true })).toMatchObject({
      ok: true,
      verified: true,
    });
    expect(await page.isChecked('#terms')).toBe(true);
    expect(await call(panel, tabId, 'check', { ...terms, checked: true })).toMatchObject({
      verified: true,
      reason: expect.stringMatching(/already checked/),
    });
    expect(await call(panel, tabId, 'check', { ...terms, checked: false })).toMatchObject({ verified: true });
    expect(await page.isChecked('#terms')).toBe(false);
    expect(await call(panel, tabId, 'check', { ...ref('checkbox', 'Send me news'), checked: true })).toMatchObject({
      verified: true,
    });
    expect(await page.isChecked('#news')).toBe(true);
    expect(await call(panel, tabId, 'check', { ...ref('checkbox', 'Email me receipts'), checked: true })).toMatchObject(
      { verified: true },
    );
    const stuck = await call(panel, tabId, 'check', { ...ref('checkbox', 'Locked option'), checked: true });
    expect(stuck).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/still unchecked/) });
    const radio = await call(panel, tabId, 'check', { ...ref('radio', 'Free'), checked: false });
    expect(radio).toMatchObject({ ok: false, reason: expect.stringMatching(/radio button/) });
    await page.close();
  });
});

describe('scroll, keys, hover, waits, evaluate', () => {
  it('scrolls the page and a scroll area, and reports the boundary', async ({ browser, panel, site }) => {
    const { tabId, page, snap, ref } = await open(browser, site.url('/page/pc-visibility.html'));
    const down = await call(panel, tabId, 'scroll', { snapshotId: snap.snapshotId, direction: 'down' });
    expect(down).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['scroll']) });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await call(panel, tabId, 'scroll', { snapshotId: snap.snapshotId, direction: 'down', amount: 100_000 });
    const bottom = await call(panel, tabId, 'scroll', { snapshotId: snap.snapshotId, direction: 'down' });
    expect(bottom).toMatchObject({
      ok: true,
      verified: true,
      effects: ['none'],
      reason: 'Already at the bottom of the page.',
    });
    const row = await call(panel, tabId, 'scroll', {
      snapshotId: snap.snapshotId,
      toRef: refOf(snap, 'button', 'Row 5 action'),
    });
    expect(row).toMatchObject({ verified: true, effects: expect.arrayContaining(['scroll']) });
    expect(await page.$eval('#scroller', (el) => el.scrollTop)).toBeGreaterThan(0);
    const inner = await call(panel, tabId, 'scroll', {
      ...ref('button', 'Row 1 action'),
      direction: 'up',
      amount: 500,
    });
    expect(inner).toMatchObject({ verified: true, reason: expect.stringMatching(/scroll area/) });
    expect(await page.$eval('#scroller', (el) => el.scrollTop)).toBe(0);
    await page.close();

    const locked = await open(browser, site.url('/page/pc-scroll-lock.html'));
    const stuck = await call(panel, locked.tabId, 'scroll', {
      snapshotId: locked.snap.snapshotId,
      direction: 'down',
    });
    expect(stuck).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/did not move/) });
    await locked.page.close();
  });

  it('presses keys with their default actions and reports when nothing happened', async ({ browser, panel, site }) => {
    const { tabId, page, snap, ref } = await open(browser, site.url('/page/pc-form.html'));
    const tab = await call(panel, tabId, 'pressKey', { key: 'Tab', ...ref('textbox', 'Email') });
    expect(tab).toMatchObject({ verified: true, effects: ['focus_change'] });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('fullname');
    await call(panel, tabId, 'type', { ...ref('textbox', 'Email'), text: 'x@y.z' });
    const enter = await call(panel, tabId, 'pressKey', { key: 'Enter', ...ref('textbox', 'Email') });
    expect(enter.verified).toBe(true);
    expect(await textIn(page, '#status')).toBe('Submitted for x@y.z');
    const nothing = await call(panel, tabId, 'pressKey', { key: 'Escape', snapshotId: snap.snapshotId });
    expect(nothing).toMatchObject({ ok: true, verified: false });
    expect(await tryCall(panel, tabId, 'pressKey', { key: 'Hyper' })).toMatchObject({
      ok: false,
      code: 'invalid_argument',
    });
    await page.close();
  });

  it('hovers, waits for text and for quiet', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-menu.html'));
    // The card has no hover behaviour: the pointer reaching it is not a result the page bears out.
    const hovered = await call(panel, tabId, 'hover', ref('clickable', 'Product card Blue kettle'));
    expect(hovered).toMatchObject({ ok: true, verified: false });
    expect(hovered.reason).toMatch(/nothing observable changed/);
    // Now the card answers a hover late and fades a panel in: the hover waits for both, and reports it verified.
    await page.evaluate(() => {
      const card = document.getElementById('card') as HTMLElement;
      card.addEventListener(
        'mouseover',
        () => {
          setTimeout(() => {
            const tip = Object.assign(document.createElement('div'), { id: 'tip', textContent: 'Kettle details' });
            tip.style.cssText = 'opacity: 0; transition: opacity 400ms';
            tip.addEventListener('transitionend', () => tip.setAttribute('data-shown', 'yes'));
            card.after(tip);
            tip.getBoundingClientRect();
            tip.style.opacity = '1';
          }, 200);
        },
        { once: true },
      );
    });
    const shown = await call(panel, tabId, 'hover', ref('clickable', 'Product card Blue kettle'));
    expect(shown).toMatchObject({ ok: true, verified: true });
    expect(shown.effects).toContain('dom_change');
    expect(await page.evaluate(() => document.getElementById('tip')?.getAttribute('data-shown'))).toBe('yes');
    await call(panel, tabId, 'click', ref('button', 'Loads slowly'));
    await page.evaluate(() => {
      setTimeout(() => {
        const out = document.getElementById('slow-out');
        if (out) out.textContent = 'Ready at last';
      }, 300);
    });
    const waited = await call(panel, tabId, 'waitFor', { text: 'ready at last', timeoutMs: 5_000 });
    expect(waited.found).toBe(true);
    expect(await call(panel, tabId, 'waitFor', { text: 'never there', timeoutMs: 300 })).toMatchObject({
      found: false,
    });
    const quiet = await call(panel, tabId, 'waitForQuiet', { quietMs: 100, maxMs: 2_000 });
    expect(quiet.quiet).toBe(true);
    expect((await call(panel, tabId, 'lastMutationAt')).at).toBeLessThanOrEqual(Date.now());
    await page.close();
  });

  it('evaluates a script in the page and says when the page’s CSP forbids it', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-menu.html'));
    expect(await call(panel, tabId, 'evaluate', { script: 'document.title' })).toEqual({ result: 'Menus and links' });
    await page.evaluate(() => Object.assign(window, { pageSecret: 41 }));
    expect(await call(panel, tabId, 'evaluate', { script: 'const n = window.pageSecret + 1; return { n };' })).toEqual({
      result: '{"n":42}',
    });
    expect(await tryCall(panel, tabId, 'evaluate', { script: 'throw new Error("boom")' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/boom/),
    });
    await page.close();
    const strict = await openTab(browser, site.url('/page/pc-csp.html'));
    expect(await tryCall(panel, strict.tabId, 'evaluate', { script: 'document.title' })).toMatchObject({
      ok: false,
      code: 'not_allowed',
      message: expect.stringMatching(/Content-Security-Policy/),
    });
    await strict.page.close();
  });
});
