// Input that real widgets see (decision 0020): typing at the caret to whatever has focus, editors that read only
// beforeinput, focus as an effect, clicks on a part of the target's own widget, refs for small icon controls,
// controls shown only on hover, and scrolling a list that draws only the rows in view.

import { call, describe, type ExtensionHarness, expect, it, openTab, refOf, textIn } from './kit';

async function open(browser: ExtensionHarness, url: string) {
  const { tabId, page } = await openTab(browser, url);
  const snap = await call(browser.panel, tabId, 'snapshot', { mode: 'full' });
  const ref = (role: string, name: string) => ({ ref: refOf(snap, role, name), snapshotId: snap.snapshotId });
  return { tabId, page, snap, ref };
}

describe('typing', () => {
  it('types a code into boxes that move focus per digit, and verifies it across them', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pi-fields.html'));
    const typed = await call(panel, tabId, 'type', { ...ref('textbox', 'Digit 1'), text: '482913' });
    expect(typed).toMatchObject({ ok: true, verified: true });
    expect(typed.reason).toMatch(/6 fields/);
    expect(await textIn(page, '#otp-out')).toBe('Code 482913 entered');
    await page.close();
  });

  it('ends with what a reformatting field made of the keys, and types at the caret', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pi-fields.html'));
    const date = await call(panel, tabId, 'type', { ...ref('textbox', 'Birthday'), text: '12312026' });
    expect(date).toMatchObject({ ok: true, verified: true });
    expect(date.reason).toContain('"12/31/2026"');
    expect(await page.$eval('#birthday', (el) => (el as HTMLInputElement).value)).toBe('12/31/2026');

    // The caret after "Al" (the model put it there with press_key): the text goes in at the caret.
    const nick = ref('textbox', 'Nickname');
    await call(panel, tabId, 'type', { ...nick, text: '' });
    for (let i = 0; i < 2; i++) await call(panel, tabId, 'pressKey', { key: 'ArrowLeft' });
    const middle = await call(panel, tabId, 'type', { ...nick, text: 'i' });
    expect(middle).toMatchObject({ ok: true, verified: true });
    expect(await page.$eval('#nickname', (el) => (el as HTMLInputElement).value)).toBe('Aliex');

    // Shift+Home selects to the start; typed text replaces the selection.
    const selected = await call(panel, tabId, 'pressKey', { key: 'Home', modifiers: ['Shift'] });
    expect(selected).toMatchObject({ ok: true, verified: true, reason: expect.stringContaining('"Ali"') });
    const replaced = await call(panel, tabId, 'type', { ...nick, text: 'Jo' });
    expect(replaced).toMatchObject({ ok: true, verified: true });
    expect(await page.$eval('#nickname', (el) => (el as HTMLInputElement).value)).toBe('Joex');
    await page.close();
  });

  it('types into an editor that reads only beforeinput, with Enter as a new paragraph, and bolds a selection', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pi-editor.html'));
    const typed = await call(panel, tabId, 'type', { ...ref('textbox', 'Message'), text: 'Hello team\nSee you' });
    expect(typed).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#model')).toBe('Model: ["Hello team","See you"]');

    for (let i = 0; i < 3; i++) {
      await call(panel, tabId, 'pressKey', { key: 'ArrowLeft', modifiers: ['Shift'] });
    }
    const bold = await call(panel, tabId, 'pressKey', { key: 'b', modifiers: ['Control'] });
    expect(bold).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#model')).toContain('bold: you');
    expect(await page.$eval('#doc strong', (el) => el.textContent)).toBe('you');
    await page.close();
  });
});

describe('selecting text', () => {
  it('selects the second of two equal words in an editor, which then bolds just that one, and says what is not there', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pi-editor.html'));
    await call(panel, tabId, 'type', { ...ref('textbox', 'Message'), text: 'See you soon, see you' });
    const selected = await call(panel, tabId, 'selectText', {
      ...ref('textbox', 'Message'),
      text: 'you',
      occurrence: 2,
    });
    expect(selected).toMatchObject({ ok: true, verified: true, reason: 'Selected "you".' });
    expect(await page.evaluate(() => getSelection()?.toString())).toBe('you');
    await call(panel, tabId, 'pressKey', { key: 'b', modifiers: ['Control'] });
    expect(await page.$eval('#doc', (el) => el.innerHTML)).toBe('<p>See you soon, see <strong>you</strong></p>');
    const third = await call(panel, tabId, 'selectText', { ...ref('textbox', 'Message'), text: 'you', occurrence: 3 });
    expect(third).toMatchObject({ ok: false, reason: expect.stringMatching(/contains only 2 of "you"/) });
    const absent = await call(panel, tabId, 'selectText', { ...ref('textbox', 'Message'), text: 'later' });
    expect(absent).toMatchObject({ ok: false, reason: expect.stringMatching(/does not contain "later"/) });
    await page.close();
  });
});

describe('caret keys in an editor', () => {
  it('goes to the start and the end of the whole editor with Control+Home and Control+End', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pi-editor.html'));
    const message = ref('textbox', 'Message');
    await call(panel, tabId, 'type', { ...message, text: 'Hello team\nSee you' });
    const key = (key: string, modifiers: Array<'Control' | 'Shift'> = []) =>
      call(panel, tabId, 'pressKey', { ...message, key, modifiers });
    await key('ArrowLeft');
    expect(await key('Home', ['Control'])).toMatchObject({ ok: true, verified: true });
    // press_key inserts a character without the beforeinput this editor reads; type at the caret sends it.
    await call(panel, tabId, 'type', { ...message, text: 'X', clear: false });
    expect(await textIn(page, '#model')).toBe('Model: ["XHello team","See you"]');
    expect(await key('End', ['Control'])).toMatchObject({ ok: true, verified: true });
    await call(panel, tabId, 'type', { ...message, text: '!', clear: false });
    expect(await textIn(page, '#model')).toBe('Model: ["XHello team","See you!"]');
    await page.close();
  });
});

describe('clicking widgets', () => {
  it('reports focus landing in a clicked text field as an effect', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pi-fields.html'));
    const clicked = await call(panel, tabId, 'click', ref('textbox', 'Nickname'));
    expect(clicked).toMatchObject({ ok: true, verified: true, effects: ['focus_change'] });
    await page.close();
  });

  it('gives a tree item’s expander and checkbox their own refs and names, and clicks them', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, snap, ref } = await open(browser, site.url('/page/pi-widgets.html'));
    expect(snap.text).toMatch(
      /treeitem "Node 1" collapsed\n\[\d+\] clickable "expander of “Node 1”"\n\[\d+\] clickable "checkbox of “Node 1”"/,
    );
    const expand = await call(panel, tabId, 'click', ref('clickable', partName(snap, 'expander')));
    expect(expand).toMatchObject({ ok: true, verified: true });
    expect(await page.$eval('#node1', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    const box = await call(panel, tabId, 'click', ref('clickable', partName(snap, 'checkbox')));
    expect(box).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#tree-out')).toBe('Node 1 checked');
    await page.close();
  });

  it('clicks a combobox under its own value overlay, and lists the hover-only clear button', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, snap, ref } = await open(browser, site.url('/page/pi-widgets.html'));
    const combo = snap.elements.find((e) => e.role === 'combobox' && e.name === 'City');
    expect(combo?.coveredBy).toBeUndefined();
    const opened = await call(panel, tabId, 'click', ref('combobox', 'City'));
    expect(opened).toMatchObject({ ok: true, verified: true, reason: expect.stringMatching(/same widget/) });
    expect(await page.$eval('#menu', (el) => (el as HTMLElement).hidden)).toBe(false);

    expect(snap.text).toContain('clickable "clear of “Paris”" (shows on hover)');
    const clear = await call(panel, tabId, 'click', ref('clickable', 'clear of “Paris”'));
    expect(clear).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#city-out')).toBe('City cleared');
    await page.close();
  });

  it('still refuses a click that another control of the same small toolbar covers', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, snap, ref } = await open(browser, site.url('/page/pi-widgets.html'));
    expect(snap.elements.find((e) => e.name === 'Save draft')?.coveredBy).toBe('button#badge');
    const covered = await call(panel, tabId, 'click', ref('button', 'Save draft'));
    expect(covered).toMatchObject({ ok: false, verified: false, reason: expect.stringContaining('button#badge') });
    await page.close();
  });

  it('enters tags line by line, and removes one by the ref of its “×”', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pi-fields.html'));
    const typed = await call(panel, tabId, 'type', { ...ref('textbox', 'Add tag'), text: 'red\nblue\n' });
    expect(typed).toMatchObject({ ok: true, verified: true, reason: expect.stringContaining('"red", "blue"') });
    expect(await textIn(page, '#tags-out')).toBe('Tags: red, blue');

    const after = await call(panel, tabId, 'snapshot', {});
    const remove = { ref: refOf(after, 'clickable', 'remove of “red”'), snapshotId: after.snapshotId };
    const removed = await call(panel, tabId, 'click', remove);
    expect(removed).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#tags-out')).toBe('Tags: blue');
    await page.close();
  });
});

describe('scrolling', () => {
  it('scrolls a list that draws only the rows in view, not the page, and says so truthfully', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pi-widgets.html'));
    const moved = await call(panel, tabId, 'scroll', { ...ref('option', 'Row 1'), direction: 'down', amount: 240 });
    expect(moved).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['scroll']) });
    expect(moved.reason).toMatch(/rows in view/);
    expect(await textIn(page, '#vlist-out')).toBe('First row 11');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The rows were drawn anew: the model reads them from a new snapshot, as after any action.
    const later = await call(panel, tabId, 'snapshot', {});
    const row = { ref: refOf(later, 'option', 'Row 11'), snapshotId: later.snapshotId };
    const back = await call(panel, tabId, 'scroll', { ...row, direction: 'up', amount: 100_000 });
    expect(back).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#vlist-out')).toBe('First row 1');
    const top = await call(panel, tabId, 'snapshot', {});
    const first = { ref: refOf(top, 'option', 'Row 1'), snapshotId: top.snapshotId };
    const stuck = await call(panel, tabId, 'scroll', { ...first, direction: 'up' });
    expect(stuck).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/showed nothing new/) });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // A control in no scroll area: the page scrolls, and the result says why it was the page.
    const save = { ref: refOf(top, 'button', 'Save draft'), snapshotId: top.snapshotId };
    const outer = await call(panel, tabId, 'scroll', { ...save, direction: 'down', amount: 200 });
    expect(outer).toMatchObject({
      ok: true,
      verified: true,
      reason: expect.stringContaining('is not inside a scroll area'),
    });
    expect(await page.evaluate(() => window.scrollY)).toBe(200);
    await page.close();
  });
});

/** The name of the tree's part of one kind, as the snapshot lists it. */
function partName(snap: { elements: { role: string; name: string }[] }, kind: string): string {
  const part = snap.elements.find((e) => e.role === 'clickable' && e.name.startsWith(`${kind} of `));
  if (!part) throw new Error(`No ${kind} part in ${snap.elements.map((e) => e.name).join(', ')}`);
  return part.name;
}

describe('pointing at words', () => {
  it('double-clicks the word find named inside an editor, not the editor’s centre, and types over just that word', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await open(browser, site.url('/page/pi-words.html'));
    const found = await call(panel, tabId, 'find', { query: 'red hen' });
    const text = found.matches.find((m) => m.role === 'text');
    expect(text).toMatchObject({ ref: expect.any(Number), name: expect.stringMatching(/^The red fox/) });
    const snap = await call(panel, tabId, 'snapshot', {});
    const word = await call(panel, tabId, 'doubleClick', { ref: Number(text?.ref), snapshotId: snap.snapshotId });
    expect(word).toMatchObject({ ok: true, verified: true, reason: 'Selected the word "red".' });
    expect(await page.evaluate(() => getSelection()?.toString())).toBe('red');
    const fable = { ref: refOf(snap, 'textbox', 'Fable'), snapshotId: snap.snapshotId };
    await call(panel, tabId, 'type', { ...fable, text: 'brown', clear: false });
    expect((await textIn(page, '#fable')).trim()).toBe(
      'The red fox met a brown hen by the old red barn, and every red leaf fell on the hen.',
    );
    await page.close();
  });

  it('says verified:false when the page takes the selection away after the double-click', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await open(browser, site.url('/page/pi-words.html'));
    const found = await call(panel, tabId, 'find', { query: 'keeps' });
    const text = found.matches.find((m) => m.role === 'text');
    const snap = await call(panel, tabId, 'snapshot', {});
    const word = await call(panel, tabId, 'doubleClick', { ref: Number(text?.ref), snapshotId: snap.snapshotId });
    expect(word).toMatchObject({ ok: true, verified: false });
    expect(word.reason).toMatch(/Double-clicked the word "keeps" .* but the selection is empty/);
    await page.close();
  });

  it('clicks a found word and leaves the caret inside that word', async ({ browser, panel, site }) => {
    const { tabId, page } = await open(browser, site.url('/page/pi-words.html'));
    const found = await call(panel, tabId, 'find', { query: 'old red barn' });
    const text = found.matches.find((m) => m.role === 'text');
    const snap = await call(panel, tabId, 'snapshot', {});
    const clicked = await call(panel, tabId, 'click', { ref: Number(text?.ref), snapshotId: snap.snapshotId });
    expect(clicked).toMatchObject({ ok: true, verified: true });
    const caret = await page.evaluate(() => {
      const selection = getSelection();
      const node = selection?.anchorNode;
      return { collapsed: selection?.isCollapsed, at: node?.textContent?.slice(0, selection?.anchorOffset ?? 0) };
    });
    expect(caret.collapsed).toBe(true);
    // The caret stands inside "old" (after "o" or "ol"), the first word of what was found.
    expect(caret.at).toMatch(/by the ol?$/);
    await page.close();
  });
});
