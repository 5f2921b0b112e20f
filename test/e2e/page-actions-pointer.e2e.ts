// The pointer actions in real Chromium through the relay: drag, set_value, double_click, right_click and click at a
// point, each checking its own postcondition both ways, on fixture pages written to behave like the libraries.

import {
  act,
  call,
  control,
  describe,
  type ExtensionHarness,
  expect,
  it,
  openTab,
  play,
  refOf,
  runTask,
  textIn,
  tryCall,
} from './kit';

/** Opens `url` in a new tab and takes a full snapshot; `ref(role, name)` names an element of it for an action. */
async function open(browser: ExtensionHarness, url: string) {
  const { tabId, page } = await openTab(browser, url);
  const snap = await call(browser.panel, tabId, 'snapshot', { mode: 'full' });
  const ref = (role: string, name: string) => ({ ref: refOf(snap, role, name), snapshotId: snap.snapshotId });
  return { tabId, page, snap, ref };
}

describe('drag', () => {
  it('reorders a pointer-driven sortable list past its activation distance, with one drop', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-drag.html'));
    const moved = await call(panel, tabId, 'drag', { ...ref('button', 'Alpha'), toRef: ref('button', 'Gamma').ref });
    expect(moved).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['dom_change']) });
    expect(await textIn(page, '#sortable-order')).toBe('Order: Beta, Gamma, Alpha, Delta (drops: 1)');
    await page.close();
  });

  it('says verified:false when the page puts everything back after the drag', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-drag.html'));
    const back = await call(panel, tabId, 'drag', { ...ref('button', 'Alpha'), dx: 0, dy: 10 });
    expect(back).toMatchObject({ ok: true, verified: false });
    expect(back.reason).toMatch(/ended as it started\. The page reacted during the drag/);
    expect(await textIn(page, '#sortable-order')).toBe('');
    expect(await page.$eval('#sortable', (ul) => ul.textContent?.replace(/\s+/g, ' ').trim())).toBe(
      'Alpha Beta Gamma Delta',
    );
    await page.close();
  });

  it('waits for a drop animation before it judges: the reorder it reports, and the way home it does not', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-drag.html'));
    const moved = await call(panel, tabId, 'drag', { ...ref('button', 'Red'), toRef: ref('button', 'Blue').ref });
    expect(moved).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#animated-order')).toBe('Order: Green, Blue, Red');
    const home = await call(panel, tabId, 'drag', { ...ref('button', 'Green'), dx: 300, dy: 6 });
    expect(home).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/ended as it started/) });
    expect(await textIn(page, '#animated-order')).toBe('Order: Green, Blue, Red');
    await page.close();
  });

  it('drops a native draggable item with the HTML drag events and one DataTransfer, once', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-drag.html'));
    const dropped = await call(panel, tabId, 'drag', {
      ...ref('draggable', 'Apples'),
      toRef: ref('draggable', 'Cheese').ref,
    });
    expect(dropped).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#native-order')).toBe('Order: Bread, Cheese, Apples (drops: 1)');
    await page.close();
  });

  it('says so when nothing under the end point accepts a native drop, and when something covers the target', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-drag.html'));
    const refused = await call(panel, tabId, 'drag', {
      ...ref('draggable', 'Apples'),
      toRef: ref('button', 'Not a drop zone').ref,
    });
    expect(refused).toMatchObject({ ok: true, verified: false });
    expect(refused.reason).toMatch(/nothing under the end point accepted the drop/);
    const covered = await call(panel, tabId, 'drag', {
      ...ref('draggable', 'Apples'),
      toRef: ref('button', 'Archive').ref,
    });
    expect(covered).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/covers the middle of .*div#archive-cover/),
    });
    expect(await textIn(page, '#native-order')).toBe('');
    await page.close();
  });

  it('resizes split panes by an offset, the splitter following mouse moves on the document', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-drag.html'));
    const resized = await call(panel, tabId, 'drag', { ...ref('separator', 'Resize panes'), dx: 120 });
    expect(resized).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#split-width')).toBe('Left pane 420 px');
    await page.close();
  });

  it('refuses a drag with both or neither of toRef and dx/dy, an end point outside the window, and a target in another frame', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-drag.html'));
    // Both ends given: a target of this page (a number from another page is refused as stale first).
    const archive = ref('button', 'Archive').ref;
    const both = await tryCall(panel, tabId, 'drag', { ...ref('button', 'Alpha'), toRef: archive, dx: 5 });
    expect(both).toMatchObject({ ok: false, code: 'invalid_argument' });
    const neither = await tryCall(panel, tabId, 'drag', ref('button', 'Alpha'));
    expect(neither).toMatchObject({ ok: false, code: 'invalid_argument' });
    const outside = await call(panel, tabId, 'drag', { ...ref('button', 'Alpha'), dx: -5_000 });
    expect(outside).toMatchObject({ ok: false, verified: false, reason: expect.stringMatching(/outside the window/) });
    await page.close();

    const frames = await open(browser, site.url('/page/pc-frames.html'));
    const across = await call(panel, frames.tabId, 'drag', {
      ...frames.ref('button', 'Top button'),
      toRef: frames.ref('button', 'Subscribe').ref,
    });
    expect(across).toMatchObject({ ok: false, reason: expect.stringMatching(/another frame/) });
    await frames.page.close();
  });
});

describe('set_value', () => {
  it('moves a key-driven ARIA slider to a value, to its ends, and to the closest value its steps allow', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-slider.html'));
    const volume = ref('slider', 'Volume');
    expect(await call(panel, tabId, 'setValue', { ...volume, value: '65' })).toMatchObject({
      ok: true,
      verified: true,
    });
    expect(await textIn(page, '#volume-out')).toBe('Volume 65');
    expect(await call(panel, tabId, 'setValue', { ...volume, value: '100' })).toMatchObject({ verified: true });
    expect(await call(panel, tabId, 'setValue', { ...volume, value: '0' })).toMatchObject({ verified: true });
    expect(await textIn(page, '#volume-out')).toBe('Volume 0');
    const between = await call(panel, tabId, 'setValue', { ...volume, value: '67' });
    expect(between).toMatchObject({ ok: true, verified: false });
    expect(between.reason).toMatch(/is at 65, the closest to 67/);
    const outside = await call(panel, tabId, 'setValue', { ...volume, value: '140' });
    expect(outside).toMatchObject({ ok: false, reason: expect.stringMatching(/from 0 to 100/) });
    await page.close();
  });

  it('sets a slider that shows a value of its own on a scale by that value, and names the nearest it shows', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, snap, ref } = await open(browser, site.url('/page/pc-slider.html'));
    expect(snap.elements.find((e) => e.role === 'slider' && e.name === 'Storage')?.value).toBe('16 GB');
    const storage = ref('slider', 'Storage');
    // 256 GB is position 8: the old rule took 256 for aria-valuenow and refused it as outside 0 to 10.
    expect(await call(panel, tabId, 'setValue', { ...storage, value: '256' })).toMatchObject({
      ok: true,
      verified: true,
    });
    expect(await textIn(page, '#storage-out')).toBe('Storage 256 GB');
    expect(await call(panel, tabId, 'setValue', { ...storage, value: '32 GB' })).toMatchObject({ verified: true });
    expect(await textIn(page, '#storage-out')).toBe('Storage 32 GB');
    const between = await call(panel, tabId, 'setValue', { ...storage, value: '100' });
    expect(between).toMatchObject({ ok: true, verified: false });
    expect(between.reason).toMatch(/nearest values it shows are 64 and 128; it is at 128 GB/);
    await page.close();
  });

  it('moves the thumb it was given on a range slider that keys the thumb it saw focused, by the price it shows', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-slider.html'));
    const from = await call(panel, tabId, 'setValue', { ...ref('slider', 'Price from'), value: '30' });
    expect(from).toMatchObject({ ok: true, verified: true });
    // Given as the slider shows it, "$70".
    const to = await call(panel, tabId, 'setValue', { ...ref('slider', 'Price to'), value: '$70' });
    expect(to).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#price-out')).toBe('Price 30 – 70');
    await page.close();
  });

  it('lists each thumb of a slider whose range inputs hide inside its thumbs, and sets the second one', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, snap, ref } = await open(browser, site.url('/page/pc-slider.html'));
    const sliders = snap.elements.filter((e) => e.role === 'slider' && /temperature|hidden/i.test(e.name));
    // Each at its own thumb; an input hidden the same way outside any thumb stays out.
    expect(sliders.map((e) => [e.name, e.box.width])).toEqual([
      ['Lowest temperature', 20],
      ['Highest temperature', 20],
    ]);
    const high = await call(panel, tabId, 'setValue', { ...ref('slider', 'Highest temperature'), value: '25' });
    expect(high).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['value_change']) });
    expect(await textIn(page, '#temp-out')).toBe('Temperature 10 – 25');
    await page.close();
  });

  it('pages a long way on a slider that renders on the next frame, and steps the rest with arrows', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-slider.html'));
    const opacity = await call(panel, tabId, 'setValue', { ...ref('slider', 'Opacity'), value: '730' });
    expect(opacity).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#opacity-out')).toBe('Opacity 730');
    await page.close();
  });

  it('presses the track of a slider that keys do not move', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-slider.html'));
    const zoom = await call(panel, tabId, 'setValue', { ...ref('slider', 'Zoom'), value: '150' });
    expect(zoom).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#zoom-out')).toBe('Zoom 150');
    await page.close();
  });

  it('sets a range input through its input events, and says which values its step allows', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-slider.html'));
    const brightness = ref('slider', 'Brightness');
    expect(await call(panel, tabId, 'setValue', { ...brightness, value: '75' })).toMatchObject({
      ok: true,
      verified: true,
      effects: expect.arrayContaining(['value_change']),
    });
    expect(await textIn(page, '#brightness-out')).toBe('Brightness 75');
    const off = await call(panel, tabId, 'setValue', { ...brightness, value: '72' });
    expect(off).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/steps of 5/) });
    expect(await page.inputValue('#brightness')).toBe('70');
    await page.close();
  });

  it('sets native date, time, datetime-local, month, week and colour inputs, and names the format when wrong', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, snap } = await open(browser, site.url('/page/pc-slider.html'));
    const byName = (name: string) => {
      const found = snap.elements.find((e) => e.name === name);
      if (!found) throw new Error(`No ${name}`);
      return { ref: found.ref, snapshotId: snap.snapshotId };
    };
    const cases: [string, string, string, string][] = [
      ['Arrival date', '2026-03-14', '#date', '2026-03-14'],
      ['Arrival time', '09:30', '#time', '09:30'],
      ['Meeting', '2026-03-14 09:30', '#meeting', '2026-03-14T09:30'],
      ['Billing month', '2026-03', '#month', '2026-03'],
      ['Sprint week', '2026-W11', '#week', '2026-W11'],
      ['Theme colour', '#1E90FF', '#colour', '#1e90ff'],
    ];
    for (const [name, value, selector, stored] of cases) {
      const set = await call(panel, tabId, 'setValue', { ...byName(name), value });
      expect(set, name).toMatchObject({ ok: true, verified: true });
      expect(await page.inputValue(selector)).toBe(stored);
      expect(await textIn(page, '#changes')).toBe(`${selector.slice(1)} changed to ${stored}`);
    }
    const wrong = await call(panel, tabId, 'setValue', { ...byName('Arrival date'), value: '14/03/2026' });
    expect(wrong).toMatchObject({ ok: false, reason: expect.stringMatching(/YYYY-MM-DD, e\.g\. 2026-03-14/) });
    const unreal = await call(panel, tabId, 'setValue', { ...byName('Arrival date'), value: '2026-02-30' });
    expect(unreal).toMatchObject({ ok: false, reason: expect.stringMatching(/not a real date/) });
    expect(await page.inputValue('#date')).toBe('2026-03-14');
    await page.close();
  });

  it('refuses an element that is not a slider or a value input', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-pointer.html'));
    const plain = await call(panel, tabId, 'setValue', { ...ref('button', 'Plain button'), value: '3' });
    expect(plain).toMatchObject({ ok: false, reason: expect.stringMatching(/not a slider.*Use type/) });
    await page.close();
  });
});

describe('right_click, double_click and click at a point', () => {
  it('opens a context menu the page draws, and says when only the browser’s menu would open', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-pointer.html'));
    const opened = await call(panel, tabId, 'rightClick', ref('button', 'report.pdf'));
    expect(opened).toMatchObject({ ok: true, verified: true, effects: expect.arrayContaining(['dom_change']) });
    const after = await call(panel, tabId, 'snapshot', {});
    const rename = { ref: refOf(after, 'menuitem', 'Rename'), snapshotId: after.snapshotId };
    expect((await call(panel, tabId, 'click', rename)).verified).toBe(true);
    expect(await textIn(page, '#chosen')).toBe('Chose Rename on report.pdf');

    const plain = await call(panel, tabId, 'rightClick', ref('button', 'Plain button'));
    expect(plain).toMatchObject({ ok: true, verified: false });
    expect(plain.reason).toMatch(/browser's own context menu cannot be used/);
    expect(await textIn(page, '#chosen')).toBe('Chose Rename on report.pdf');
    await page.close();
  });

  it('double-clicks a cell into editing, and says verified:false when a double click undoes itself', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-pointer.html'));
    const edit = await call(panel, tabId, 'doubleClick', ref('button', 'Edit me'));
    expect(edit).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#edited')).toBe('Editing the cell');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cell-editor');
    const twice = await call(panel, tabId, 'doubleClick', ref('button', 'Toggle'));
    expect(twice).toMatchObject({ ok: true, verified: false, reason: expect.stringMatching(/ended as it started/) });
    expect(await page.getAttribute('#toggle', 'aria-pressed')).toBe('false');
    await page.close();
  });

  it('clicks at a point inside a canvas, and names what covers a point', async ({ browser, panel, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/page/pc-pointer.html'));
    const pad = ref('clickable', 'Drawing pad');
    const clicked = await call(panel, tabId, 'click', { ...pad, at: { x: 0.75, y: 0.5 } });
    expect(clicked).toMatchObject({ ok: true, verified: true });
    expect(await textIn(page, '#pad-out')).toBe('Pad clicked at 75%, 50%');
    const covered = await call(panel, tabId, 'click', { ...pad, at: { x: 0.02, y: 0.05 } });
    expect(covered).toMatchObject({ ok: false, reason: expect.stringMatching(/div#badge/) });
    const wrong = await tryCall(panel, tabId, 'click', { ...pad, at: { x: 2, y: 0.5 } });
    expect(wrong).toMatchObject({ ok: false, code: 'invalid_argument' });
    await page.close();
  });
});

describe('the agent with the pointer tools', () => {
  it('sorts a list with drag, verified, then finishes with the new order as evidence', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openTab(browser, site.url('/page/pc-drag.html'));
    await page.bringToFront();
    play(model, (seen) => {
      if (seen.text.includes('Order: Beta, Gamma, Alpha, Delta')) {
        return act('done', {
          success: true,
          answer: 'Alpha is now after Gamma.',
          evidence: { quotes: ['Order: Beta, Gamma, Alpha, Delta'] },
        });
      }
      return act('drag', {
        ref: control(seen, 'button', /^Alpha$/).ref,
        toRef: control(seen, 'button', /^Gamma$/).ref,
      });
    });
    const { result, events } = await runTask(browser.panel, 'Move Alpha after Gamma');
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const outcomes = events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome]] : []));
    expect(outcomes).toEqual([
      ['drag', 'ok'],
      ['done', 'done_accepted'],
    ]);
    await page.close();
  });

  it('sets a slider with set_value, verified, then finishes with the value as evidence', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openTab(browser, site.url('/page/pc-slider.html'));
    await page.bringToFront();
    play(model, (seen) => {
      const volume = control(seen, 'slider', /^Volume$/);
      if (volume.value === '40') {
        return act('done', { success: true, answer: 'The volume is 40.', evidence: { quotes: ['Volume 40'] } });
      }
      return act('set_value', { ref: volume.ref, value: '40' });
    });
    const { result, events } = await runTask(browser.panel, 'Set the volume to 40');
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const outcomes = events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome]] : []));
    expect(outcomes).toEqual([
      ['set_value', 'ok'],
      ['done', 'done_accepted'],
    ]);
    await page.close();
  });
});
