// Where a pointer action lands, in real Chromium through the relay: on what a real mouse at the point would hit (an
// ancestor that takes the pointer for the aimed element, a label), verified only by a change in the element aimed at;
// past an overlay that is on its way out, but not past one that stays (docs/contracts.md PT-C1, PT-L1, PT-L2).

import { call, describe, type ExtensionHarness, expect, it, openTab, refOf, textIn } from './kit';

async function open(browser: ExtensionHarness, url: string) {
  const { tabId, page } = await openTab(browser, url);
  await page.bringToFront();
  const snap = await call(browser.panel, tabId, 'snapshot', { mode: 'full' });
  const ref = (role: string, name: string) => ({ ref: refOf(snap, role, name), snapshotId: snap.snapshotId });
  return { tabId, page, snap, ref };
}

describe('a press that lands on an ancestor of what was aimed', () => {
  it('goes to the row a mouse would hit, and is not verified when only the row changed', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-landing.html'));
    const box = ref('checkbox', 'Select Invoice mail');
    const clicked = await call(panel, tabId, 'click', box);
    expect(clicked).toMatchObject({ ok: true, verified: false, effects: expect.arrayContaining(['dom_change']) });
    expect(clicked.reason).toMatch(
      new RegExp(
        `The click landed on \\[\\d+\\] div#mail\\.row, which contains \\[${box.ref}\\] checkbox "Select Invoice mail"; \\[${box.ref}\\] itself did not change`,
      ),
    );
    expect(await textIn(page, '#row-out')).toBe('Opened Invoice mail');
    expect(await page.getAttribute('#mail-box', 'aria-checked')).toBe('false');

    const menu = await call(panel, tabId, 'rightClick', box);
    expect(menu).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/right click landed on/) });
    expect(await textIn(page, '#row-out')).toBe('Menu of Invoice mail');
    await page.close();
  });

  it('is verified when the row’s handler changed the element aimed at', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-landing.html'));
    const clicked = await call(panel, tabId, 'click', ref('checkbox', 'Done: Call the bank'));
    expect(clicked).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['state_change']) });
    expect(await page.getAttribute('#task-box', 'aria-checked')).toBe('true');
    await page.close();
  });

  it('lands on a card whose own painting lies over its button, and says the button did not change', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-landing.html'));
    const fav = await call(panel, tabId, 'click', ref('button', 'Favourite'));
    expect(fav).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/landed on div#card\.card/) });
    expect(await textIn(page, '#card-out')).toBe('Opened the trip');
    await page.close();
  });

  it('presses a link wrapped over two lines on its text, not on the paragraph between them', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-landing.html'));
    const link = await call(panel, tabId, 'click', ref('link', 'the notes about the wrapped link here'));
    expect(link).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['navigation']) });
    expect(new URL(page.url()).hash).toBe('#wrapped');
    await page.close();
  });
});

describe('a label drawn over its checkbox', () => {
  it('takes the press, and its activation ticks the box once, verified by the box', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-landing.html'));
    const clicked = await call(panel, tabId, 'click', ref('checkbox', 'Dark mode'));
    expect(clicked).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['state_change']) });
    expect(await page.title()).toBe('Pressed the label');
    expect(await textIn(page, '#dark-out')).toBe('Dark mode changes: 1 (on)');
    const off = await call(panel, tabId, 'check', { ...ref('checkbox', 'Dark mode'), checked: false });
    expect(off).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#dark-out')).toBe('Dark mode changes: 2');
    await page.close();
  });
});

describe('an overlay over the target', () => {
  it('is waited for while it fades out, and the click then lands', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-landing.html'));
    const save = ref('button', 'Save');
    await page.evaluate(() => (window as unknown as { closeActions(): void }).closeActions());
    const clicked = await call(panel, tabId, 'click', save);
    expect(clicked).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#save-out')).toBe('Saved');
    await page.close();
  });

  it('still refuses one that stays, naming it', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-landing.html'));
    const refused = await call(panel, tabId, 'click', ref('button', 'Publish'));
    expect(refused).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Another element would receive the pointer: div#notice/),
    });
    const menu = await call(panel, tabId, 'click', ref('button', 'Save'));
    expect(menu).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Another element would receive the pointer/),
    });
    expect(await textIn(page, '#save-out')).toBe('');
    await page.close();
  });
});

describe('a press on a cell its list cuts in half', () => {
  it('scrolls the cell into its list and presses it, not what lies below the list', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-clipped-cells.html'));
    // The column shows 00, 05, 10 and the top third of 15: the centre of 15's box lies below the list, on the page.
    expect(await page.$eval('#column', (column) => column.scrollTop)).toBe(0);
    const clicked = await call(panel, tabId, 'click', ref('button', '15'));
    expect(clicked).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#picked')).toBe('Picked 15');
    expect(await page.$eval('#column', (column) => column.scrollTop)).toBeGreaterThan(0);
    // Cut by a box that cannot scroll: pressed at the middle of the part that shows, and the page stays put.
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(await call(panel, tabId, 'click', ref('button', 'Archive everything now'))).toMatchObject({
      ok: true,
      verified: true,
    });
    expect(await textIn(page, '#picked')).toBe('Archived');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    await page.close();
  });
});
