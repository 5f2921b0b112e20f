// Page-level sessions (issue 29) in real Chromium with the extension loaded, driven through the panel's own
// `steadyhand.sessions` (what the delegation service answers the session tools with): a session opens a background
// tab of its own group after the person allowed its site in the panel, snapshots it, clicks and types with verified
// results through the agent's own tools, is refused a tab and a ref outside its group, and leaves no mask and no
// lock when it closes. No model of Steadyhand's is asked anything: the client is the model.

import type { Page } from 'playwright-core';
import type { DelegationClient, DelegationReply, DelegationToolName } from '../../src/shared/delegation/tools';
import { permissionBox } from '../support/perm-sites';
import {
  call,
  describe,
  type ExtensionHarness,
  expect,
  it,
  lookAt,
  MASK,
  openFrontTab,
  type PanelGlobal,
  refOf,
  test,
} from './kit';

const CLIENT: DelegationClient = { id: 'client-e2e', name: 'Claude Code' };

function session(panel: Page, tool: DelegationToolName, args: Record<string, unknown>): Promise<DelegationReply> {
  return panel.evaluate(
    ({ tool, args, client }) =>
      (globalThis as PanelGlobal).steadyhand.delegation.handle(
        { client, tool, args },
        { signal: new AbortController().signal, progress: () => {} },
      ),
    { tool, args, client: CLIENT },
  );
}

/** How many tasks of the panel run (run in the panel page): a session is one while it is open. */
function openSessions(): number {
  return (globalThis as PanelGlobal).steadyhand.host.runners().filter((runner) => runner.controller.isRunning).length;
}

/** The ref the reply's page lists for `role "name"`. */
function refIn(reply: DelegationReply, role: string, name: string): number {
  const match = new RegExp(`\\[(\\d+)\\] ${role} "${name}"`).exec(reply.text);
  if (!match) throw new Error(`No ${role} "${name}" in: ${reply.text.slice(0, 600)}`);
  return Number(match[1]);
}

/** The tab as Chrome has it: whether it is active, and the title of its group. */
function tabState(panel: Page, tabId: number) {
  return panel.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id);
    const group = tab.groupId >= 0 ? await chrome.tabGroups.get(tab.groupId) : null;
    return { active: tab.active, group: group?.title ?? null };
  }, tabId);
}

/** The person allows the site in Settings beforehand: the session opens without a question. */
function allowSite(panel: Page, url: string): Promise<void> {
  return panel.evaluate(
    (origin) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ allowedSites: [origin] }),
    new URL(url).origin,
  );
}

function pageOf(browser: ExtensionHarness, url: string): Promise<Page> {
  const open = browser.context.pages().find((page) => page.url() === url);
  return open ? Promise.resolve(open) : browser.context.waitForEvent('page', (page) => page.url() === url);
}

test.afterEach(async ({ browser }) => {
  // As the client's disconnection does (the bridge calls clientGone): its sessions close.
  await browser.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.delegation.clientGone('client-e2e'));
  await expect.poll(() => browser.panel.evaluate(openSessions)).toBe(0);
  // A session's tabs are kept at its end (the default of "end of task tabs"): none is left for the next test.
  for (const page of browser.context.pages()) if (page !== browser.panel) await page.close();
});

describe('page-level sessions in Chromium', () => {
  it('opens its own background tab once the person allows the site in the panel, then clicks and types, verified', async ({
    browser,
    panel,
    site,
  }) => {
    await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ allowedSites: [] }));
    const person = await openFrontTab(browser, site.url('/page2.html'));
    const start = site.url('/page/pc-menu.html');
    const opening = session(panel, 'open_session', { start_url: start });
    // The client cannot answer the site question: the person does, in the session's thread of the panel.
    const ask = permissionBox(panel);
    await panel.evaluate(async () => {
      const { steadyhand } = globalThis as PanelGlobal;
      const taskId = steadyhand.host.runners()[0]?.controller.taskId ?? null;
      steadyhand.ui.getState().open(taskId);
    });
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(new URL(start).origin);
    await ask.allowOnce.click();
    const open = await opening;
    expect(open.isError).toBeUndefined();
    const sessionId = String(open.data?.session_id);
    const tabId = Number(open.data?.tab_id);
    expect(open.data?.url).toBe(start);
    expect(open.text).toContain('button "Actions"');
    expect(await tabState(panel, tabId)).toEqual({ active: false, group: `Task(${sessionId})` });
    expect(await panel.evaluate((id) => chrome.tabs.get(id).then((tab) => tab.active), person.tabId)).toBe(true);
    expect(await panel.getByText('Page session for Claude Code').count()).toBeGreaterThan(0);

    const clicked = await session(panel, 'page_action', {
      session_id: sessionId,
      action: 'click',
      input: { ref: refIn(open, 'button', 'Actions') },
    });
    expect(clicked.isError).toBeUndefined();
    expect(clicked.data).toMatchObject({ action: 'click', outcome: 'ok', verified: true });
    expect(clicked.text).toContain('Verified on the page');
    expect(clicked.text).toMatch(/button "Actions" expanded\n\s*\[\d+\] menuitem "Rename"/);

    const form = site.url('/page/pc-form.html');
    const moved = await session(panel, 'page_action', {
      session_id: sessionId,
      action: 'open_url',
      input: { url: form },
    });
    expect(moved.data).toMatchObject({ outcome: 'ok', tab_id: tabId, url: form });
    const typed = await session(panel, 'page_action', {
      session_id: sessionId,
      action: 'type',
      input: { ref: refIn(moved, 'textbox', 'Full name'), text: 'Ada Lovelace' },
    });
    expect(typed.data).toMatchObject({ action: 'type', outcome: 'ok', verified: true });
    const tab = await pageOf(browser, form);
    expect(await tab.$eval('#fullname', (el) => (el as HTMLInputElement).value)).toBe('Ada Lovelace');

    // A fresh snapshot shows what the session typed; find and read reach the same tab.
    const snapshot = await session(panel, 'page_snapshot', { session_id: sessionId });
    expect(snapshot.data).toMatchObject({ session_id: sessionId, tab_id: tabId, url: form });
    expect(snapshot.text).toMatch(/textbox "Full name" value="Ada Lovelace"/);
    const found = await session(panel, 'page_find', { session_id: sessionId, query: 'Postcode' });
    expect(found.text).toMatch(/find: [1-9]\d* match/);
    expect(found.text).toMatch(/\[\d+\] textbox "Postcode"/);
    const read = await session(panel, 'page_read', { session_id: sessionId });
    expect(read.text).toContain('read_page: characters 0–');
    expect(await tabState(panel, tabId)).toEqual({ active: false, group: `Task(${sessionId})` });
  });

  it('refuses a tab and a ref outside its group, and leaves no mask and no lock when it closes', async ({
    browser,
    panel,
    site,
  }) => {
    const person = await openFrontTab(browser, site.url('/page/pc-menu.html?person'));
    await allowSite(panel, site.url('/'));
    const start = site.url('/page/pc-menu.html');
    const open = await session(panel, 'open_session', { start_url: start });
    const sessionId = String(open.data?.session_id);
    const tabId = Number(open.data?.tab_id);

    const outside = await session(panel, 'page_action', {
      session_id: sessionId,
      action: 'switch_tab',
      input: { tabId: person.tabId },
    });
    expect(outside).toMatchObject({ isError: true, data: { outcome: 'refused' } });
    expect(outside.text).toContain(`tab ${person.tabId} is not one of this session's tabs`);
    // A ref of the person's tab (numbered by the panel's ledger for another caller) is not the session's to use.
    const personSnap = await call(panel, person.tabId, 'snapshot', {});
    const foreign = refOf(personSnap, 'button', 'Actions');
    const refused = await session(panel, 'page_action', {
      session_id: sessionId,
      action: 'click',
      input: { ref: foreign },
    });
    expect(refused).toMatchObject({ isError: true, data: { outcome: 'refused' } });
    expect(refused.text).toContain(`element [${foreign}] was in no snapshot or find of this session`);
    expect(await person.page.getAttribute('#menu-button', 'aria-expanded')).toBe('false');
    expect(await panel.evaluate((id) => chrome.tabs.get(id).then((tab) => tab.active), person.tabId)).toBe(true);

    // The person looks at the session's tab: the mask is over it while the session is open.
    const tab = await pageOf(browser, start);
    await lookAt(tab);
    await tab.waitForSelector(MASK, { state: 'attached', timeout: 5_000 });
    const closed = await session(panel, 'close_session', { session_id: sessionId });
    expect(closed.text).toContain(`Session ${sessionId} is closed`);
    await tab.waitForSelector(MASK, { state: 'detached', timeout: 5_000 });
    const held = await panel.evaluate(async (id) => {
      const { steadyhand } = globalThis as PanelGlobal;
      const locks = await navigator.locks.query();
      return {
        owner: steadyhand.host.ownerOf(id) !== null,
        locks: (locks.held ?? []).map((lock) => lock.name).filter((name) => name?.includes(String(id))),
        open: steadyhand.host.runners().filter((runner) => runner.controller.isRunning).length,
      };
    }, tabId);
    expect(held).toEqual({ owner: false, locks: [], open: 0 });
    const after = await session(panel, 'page_snapshot', { session_id: sessionId });
    expect(after.isError).toBe(true);
  });

  it("closes when the person presses Stop in the session's thread, and takes the mask down", async ({
    browser,
    panel,
    site,
  }) => {
    await allowSite(panel, site.url('/'));
    const start = site.url('/page/pc-menu.html');
    const open = await session(panel, 'open_session', { start_url: start });
    const sessionId = String(open.data?.session_id);
    const tab = await pageOf(browser, start);
    await lookAt(tab);
    await tab.waitForSelector(MASK, { state: 'attached', timeout: 5_000 });
    await panel.bringToFront();
    await panel.evaluate((id) => (globalThis as PanelGlobal).steadyhand.ui.getState().open(id), sessionId);
    await panel.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(() => panel.evaluate(openSessions)).toBe(0);
    await tab.waitForSelector(MASK, { state: 'detached', timeout: 5_000 });
    const after = await session(panel, 'page_snapshot', { session_id: sessionId });
    expect(after.isError).toBe(true);
    expect(after.text).toContain(`no open session ${sessionId}`);
  });
});
