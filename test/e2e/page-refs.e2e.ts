// Refs for what a page makes actionable without a role, a pointer cursor or a handler the isolated world can see:
// a splitter bar known by its resize cursor, and text whose handler listens at the document (React's way), which
// find gives a ref to act on; handles known only by a listener, whichever library added it.

import { call, describe, expect, it, openTab, refOf, textIn } from './kit';

describe('refs for handlers the page hides', () => {
  it('lists a splitter bar by its resize cursor, but not a divider, and drags it', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-hidden-handlers.html'));
    const snap = await call(panel, tabId, 'snapshot', { mode: 'full' });
    expect(snap.elements.filter((e) => e.role === 'separator')).toHaveLength(1);
    // Named by the panes it lies between (docs/contracts.md FX-R-3).
    const bar = { ref: refOf(snap, 'separator', 'between “Left pane” and “Right pane”'), snapshotId: snap.snapshotId };
    const dragged = await call(panel, tabId, 'drag', { ...bar, dx: 120 });
    expect(dragged).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#split-width')).toBe('Left pane 320 px');
    await page.close();
  });

  it('gives the element holding a text match a ref that click and right_click accept', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-hidden-handlers.html'));
    const snap = await call(panel, tabId, 'snapshot', { mode: 'full' });
    expect(snap.elements.map((e) => e.name)).not.toContain('Dev A.');
    const cell = (await call(panel, tabId, 'find', { query: 'Dev A.' })).matches[0];
    expect(cell).toMatchObject({ role: 'text', text: 'text "Dev A."', ref: expect.any(Number) });
    const clicked = await call(panel, tabId, 'click', { ref: cell?.ref ?? -1, snapshotId: snap.snapshotId });
    expect(clicked).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#edited')).toBe('Editing Dev A.');

    const notes = (await call(panel, tabId, 'find', { query: 'release notes' })).matches[0];
    expect(notes).toMatchObject({
      role: 'text',
      text: expect.stringMatching(/^text ".*release notes of version 2\.4/),
    });
    const opened = await call(panel, tabId, 'rightClick', { ref: notes?.ref ?? -1, snapshotId: snap.snapshotId });
    expect(opened).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#menu-state')).toBe('Menu open');
    await page.close();
  });

  it('gives a handle and an icon known only by their own listener a ref each, and acts on them', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-listener-handles.html'));
    const snap = await call(panel, tabId, 'snapshot', { mode: 'full' });
    // Named by the column it resizes (docs/contracts.md FX-R-7); the row's text stays the row's.
    const handle = { ref: refOf(snap, 'separator', 'resize “Name” column'), snapshotId: snap.snapshotId };
    const dragged = await call(panel, tabId, 'drag', { ...handle, dx: 60 });
    expect(dragged).toMatchObject({ ok: true, verified: true });
    // The column was 160 px wide (its box a little more): the drag widened it by about 60.
    expect(Number((await textIn(page, '#name-width')).match(/\d+/)?.[0])).toBeGreaterThan(220);
    const icons = snap.elements.filter((e) => e.role === 'clickable' && e.tag === 'span');
    expect(icons).toHaveLength(1);
    const clicked = await call(panel, tabId, 'click', { ref: icons[0]?.ref ?? -1, snapshotId: snap.snapshotId });
    expect(clicked).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#row-state')).toBe('Removed Alpha');
    await page.close();
  });

  it('sees handles whose listeners Vue, jQuery, Preact, a property or a plain call under touch-action: none added before the task began', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-listener-frameworks.html'));
    await page.waitForSelector('body[data-ready="yes"]');
    const snap = await call(panel, tabId, 'snapshot', { mode: 'full' });
    for (const column of ['Vue', 'jQuery', 'Preact', 'Plain', 'Pointer']) {
      const handle = { ref: refOf(snap, 'separator', `resize “${column}” column`), snapshotId: snap.snapshotId };
      expect(await call(panel, tabId, 'drag', { ...handle, dx: 40 })).toMatchObject({ ok: true, verified: true });
    }
    // Each column was 120 px: each drag widened its own by about 40.
    const widths = (await textIn(page, '#widths')).match(/\d+/g)?.map(Number) ?? [];
    expect(widths).toHaveLength(5);
    for (const width of widths) expect(width).toBeGreaterThan(150);
    const icons = snap.elements.filter((e) => e.role === 'clickable' && e.tag === 'span');
    expect(icons).toHaveLength(1);
    expect(await call(panel, tabId, 'click', { ref: icons[0]?.ref ?? -1, snapshotId: snap.snapshotId })).toMatchObject({
      ok: true,
      verified: true,
    });
    expect(await textIn(page, '#draft')).toBe('Draft removed');
    await page.close();
  });
});
