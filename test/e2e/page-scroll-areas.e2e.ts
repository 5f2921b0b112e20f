// Inner scroll areas (issue 26): the snapshot lists each on-screen area that scrolls with a ref and where it is
// scrolled to, `scroll` with that ref moves it (nested areas and one in a dialog alike), and a control scrolled out
// of its area's view, found by `find`, is clicked after its areas are scrolled to it.

import { call, describe, expect, it, openTab, refOf, textIn } from './kit';

describe('inner scroll areas', () => {
  it('lists an area that scrolls, with its position, and scrolls it, nested or in a dialog, by its ref', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-scroll-areas.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    // The page itself fits: what the areas hide is said on their own lines.
    expect(snap.text).toMatch(/the whole page fits/);
    expect(snap.text).toMatch(
      /\[\d+\] scrollarea "Fruit list" \(scrolls: at the top, more below; \d+ controls out of view\)/,
    );
    const list = refOf(snap, 'scrollarea', 'Fruit list');
    const down = await call(panel, tabId, 'scroll', { ref: list, snapshotId: snap.snapshotId, direction: 'down' });
    expect(down).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['scroll']) });
    expect(await page.$eval('#list', (el) => el.scrollTop)).toBeGreaterThan(0);
    const after = await call(panel, tabId, 'snapshot', {});
    expect(after.text).toMatch(/scrollarea "Fruit list" \(scrolls: \d+% down, more above and below/);

    // Nested: the inner area has its own ref and scrolls alone; the outer one stays.
    const areas = after.elements.filter((e) => e.role === 'scrollarea' && e.name === '');
    expect(areas.length).toBeGreaterThanOrEqual(2);
    const innerBox = await page.$eval('#inner', (el) => el.getBoundingClientRect().top);
    const inner = areas.find((e) => Math.abs(e.box.y - innerBox) < 2);
    expect(inner).toBeDefined();
    const moved = await call(panel, tabId, 'scroll', {
      ref: inner?.ref as number,
      snapshotId: after.snapshotId,
      direction: 'down',
    });
    expect(moved).toMatchObject({ verified: true, effects: expect.arrayContaining(['scroll']) });
    expect(await page.$eval('#inner', (el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await page.$eval('#outer', (el) => el.scrollTop)).toBe(0);

    // In a dialog: its body is an area of its own.
    const body = after.elements.find((e) => e.role === 'scrollarea' && e.box.x > 400);
    expect(body).toBeDefined();
    const read = await call(panel, tabId, 'scroll', {
      ref: body?.ref as number,
      snapshotId: after.snapshotId,
      direction: 'down',
      amount: 100_000,
    });
    expect(read).toMatchObject({ verified: true });
    expect(await page.$eval('#dialog-body', (el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1)).toBe(true);
    await page.close();
  });

  it('clicks a control scrolled out of the view of nested areas, scrolling each to it', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-scroll-areas.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    expect(snap.elements.find((e) => e.name === 'Inner 20')).toBeUndefined();
    const { matches } = await call(panel, tabId, 'find', { query: 'Inner 20' });
    const far = matches.find((m) => m.text.includes('"Inner 20"'));
    expect(far).toMatchObject({ role: 'button' });
    const clicked = await call(panel, tabId, 'click', { ref: far?.ref as number, snapshotId: snap.snapshotId });
    expect(clicked).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#out')).toBe('Chose Inner 20');
    expect(await page.$eval('#inner', (el) => el.scrollTop)).toBeGreaterThan(0);
    await page.close();
  });
});
