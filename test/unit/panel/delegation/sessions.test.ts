// Page-level sessions (issue 29) through the composition root over fakes: the real TaskHost, runner, controller, loop,
// tools and TabsManager; only the browser and the pages are fakes (no content script answers in them, so the session
// sees a page it cannot operate, as on a page that does not answer).

import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/panel/agent';
import { createSessions } from '../../../../src/panel/delegation/sessions';
import { useHistory } from '../../../../src/panel/store/history';
import { useSettings } from '../../../../src/panel/store/settings';
import { createPanel } from '../../../../src/panel/wiring/create-panel';
import type { DelegationCall, DelegationToolName } from '../../../../src/shared/delegation/tools';
import { flush } from '../../tabs/fakes';
import { fakeAdapters, panelPerTest } from '../fake-panel';

const lifetime = panelPerTest();

const CLIENT = { id: 'client-1', name: 'Claude Code' };
const OTHER = { id: 'client-2', name: 'Codex' };
const io = () => ({ signal: new AbortController().signal, progress: () => {} });

function call(tool: DelegationToolName, args: Record<string, unknown>, client = CLIENT): DelegationCall {
  return { client, tool, args };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await flush();
  expect(check()).toBe(true);
}

function panelWithPersonTab() {
  const fakes = fakeAdapters();
  const { browser, windowId } = fakes;
  const personTab = browser.addTab(windowId, 'https://person.test/', { active: true });
  const panel = createPanel(fakes.adapters, lifetime());
  // The line the thread list shows names the client (main.tsx gives the catalogue's words).
  const sessions = createSessions({ host: panel.host, label: (name) => `Page session for ${name}` });
  useSettings.getState().update({ apiKey: 'sk-ant-test', allowedSites: ['https://shop.test'] });
  const seen: AgentEvent[] = [];
  panel.host.subscribe((event) => seen.push(event));
  // The fake browser commits a new tab's load when asked: as the worker forwards a commit.
  const commitNew = async () => {
    await until(() => [...browser.tabs.values()].some((tab) => tab.status === 'loading' && tab.pendingUrl));
    const tab = [...browser.tabs.values()].find((candidate) => candidate.status === 'loading');
    if (!tab?.pendingUrl) return -1;
    const url = tab.pendingUrl;
    browser.commit(tab.id, url);
    // The new document loaded and its content script announced itself (no script answers in these fakes after it).
    browser.mustGet(tab.id).status = 'complete';
    browser.emit({ type: 'updated', tabId: tab.id, status: 'complete' });
    browser.emit({ type: 'contentReady', tabId: tab.id, url, documentToken: 'doc-1' });
    return tab.id;
  };
  return { ...fakes, panel, sessions, personTab, seen, commitNew };
}

async function openOn(setup: ReturnType<typeof panelWithPersonTab>, url = 'https://shop.test/') {
  const opening = setup.sessions.handle(call('open_session', { start_url: url }), io());
  const tabId = await setup.commitNew();
  const reply = await opening;
  return { reply, tabId, sessionId: String(reply.data?.session_id) };
}

describe('page-level sessions', () => {
  it('opens a background tab of its own group at start_url, never the person tab, and shows in the thread list', async () => {
    const setup = panelWithPersonTab();
    const { browser, personTab } = setup;
    const { reply, tabId, sessionId } = await openOn(setup);
    expect(reply.isError).toBeUndefined();
    expect(reply.text).toContain(`Session ${sessionId} is open`);
    expect(reply.data).toMatchObject({ session_id: sessionId, tab_id: tabId, url: 'https://shop.test/' });
    const tab = browser.mustGet(tabId);
    expect(tab.active).toBe(false);
    expect(browser.mustGet(personTab).active).toBe(true);
    expect(browser.groups.get(tab.groupId)?.title).toBe(`Task(${sessionId})`);
    expect(browser.mustGet(personTab).groupId).not.toBe(tab.groupId);
    const record = useHistory.getState().tasks[sessionId];
    expect(record?.instructions[0]).toBe('Page session for Claude Code');
    expect(record?.from).toBe('Claude Code');
    expect(record?.status).toBe('running');
  });

  it("asks the person in the panel about a site they have not allowed, and the client's words allow none", async () => {
    const setup = panelWithPersonTab();
    const { panel, seen, sessions } = setup;
    // A client named for a site gets no permission from its name on the session's line.
    const named = { id: 'c', name: 'other.test' };
    const opening = sessions.handle(call('open_session', { start_url: 'https://other.test/' }, named), io());
    await until(() => seen.some((event) => event.type === 'permission_request'));
    const asked = seen.find((event) => event.type === 'permission_request');
    expect(asked).toMatchObject({ origin: 'https://other.test' });
    expect(seen.find((event) => event.type === 'task_started')).toMatchObject({
      instruction: 'Page session for other.test',
    });
    if (asked?.type !== 'permission_request') return;
    expect(panel.host.answerPermission(asked.requestId, 'deny')).toBe(true);
    const reply = await opening;
    expect(reply.isError).toBe(true);
    expect(reply.text).toContain('could not open https://other.test/');
    expect(sessions.open()).toEqual([]);
    expect(setup.browser.calls.filter((made) => made.startsWith('create'))).toEqual([]);
  });

  it('refuses in words a tab outside its group, a ref it was never shown and a tool that is no page action', async () => {
    const setup = panelWithPersonTab();
    const { sessionId } = await openOn(setup);
    const { sessions, personTab, browser } = setup;
    const before = browser.calls.length;
    const act = (action: string, input: Record<string, unknown>) =>
      sessions.handle(call('page_action', { session_id: sessionId, action, input }), io());
    for (const action of ['switch_tab', 'close_tab']) {
      const refused = await act(action, { tabId: personTab });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain(`tab ${personTab} is not one of this session's tabs`);
    }
    const foreign = await act('click', { ref: 4242 });
    expect(foreign.text).toContain('element [4242] was in no snapshot or find of this session');
    const evaluate = await act('evaluate', { code: '1' });
    expect(evaluate.text).toContain('is not a page action a session may call');
    expect(browser.calls.slice(before)).toEqual([]);
    expect(browser.mustGet(personTab).active).toBe(true);
  });

  it("answers another client's session id as unknown", async () => {
    const setup = panelWithPersonTab();
    const { sessionId } = await openOn(setup);
    const reply = await setup.sessions.handle(call('page_snapshot', { session_id: sessionId }, OTHER), io());
    const unknown = await setup.sessions.handle(call('page_snapshot', { session_id: 'nope' }, OTHER), io());
    expect(reply.isError).toBe(true);
    expect(reply.text.replace(sessionId, 'ID')).toBe(unknown.text.replace('nope', 'ID'));
  });

  it('gives a fresh look on page_snapshot, again and again, without ending the session', async () => {
    const setup = panelWithPersonTab();
    const { sessionId, tabId } = await openOn(setup);
    for (let i = 0; i < 4; i++) {
      const reply = await setup.sessions.handle(call('page_snapshot', { session_id: sessionId }), io());
      expect(reply.data).toMatchObject({ session_id: sessionId, tab_id: tabId });
      expect(reply.text).toContain(`Step ${i + 3} (`);
    }
    expect(setup.sessions.open()).toHaveLength(1);
  });

  it('answers a cancelled call at once, keeps the session, and gives the next call its own answer', async () => {
    const setup = panelWithPersonTab();
    const { sessionId, tabId } = await openOn(setup);
    const { panel, seen, sessions } = setup;
    const cancel = new AbortController();
    const action = { session_id: sessionId, action: 'open_url', input: { url: 'https://elsewhere.test/' } };
    const held = sessions.handle(call('page_action', action), { signal: cancel.signal, progress: () => {} });
    await until(() => seen.some((event) => event.type === 'permission_request'));
    cancel.abort();
    const cancelled = await held;
    expect(cancelled.isError).toBe(true);
    expect(cancelled.text).toContain('cancelled before its answer came');
    // The next call waits for the cancelled one to be done with, then is answered for itself.
    const next = sessions.handle(call('page_snapshot', { session_id: sessionId }), io());
    const asked = seen.find((event) => event.type === 'permission_request');
    if (asked?.type !== 'permission_request') throw new Error('no question');
    panel.host.answerPermission(asked.requestId, 'deny');
    const reply = await next;
    expect(reply.isError).toBeUndefined();
    expect(reply.data).toMatchObject({ session_id: sessionId, tab_id: tabId, url: 'https://shop.test/' });
    expect(reply.text).not.toContain('open_url:');
    expect(sessions.open()).toHaveLength(1);
  });

  it('close_session ends the task and lets go of its tab; later calls hear it ended', async () => {
    const setup = panelWithPersonTab();
    const { sessionId, tabId } = await openOn(setup);
    const closed = await setup.sessions.handle(call('close_session', { session_id: sessionId }), io());
    expect(closed.text).toContain(`Session ${sessionId} is closed`);
    expect(setup.panel.host.ownerOf(tabId)).toBeNull();
    expect(setup.panel.host.runnerOf(sessionId)).toBeNull();
    expect(useHistory.getState().tasks[sessionId]?.status).toBe('stopped');
    const after = await setup.sessions.handle(call('page_snapshot', { session_id: sessionId }), io());
    expect(after.isError).toBe(true);
  });

  it("closes every session of a client that goes, and only that client's", async () => {
    const setup = panelWithPersonTab();
    const first = await openOn(setup);
    const opening = setup.sessions.handle(call('open_session', { start_url: 'https://shop.test/b' }, OTHER), io());
    await setup.commitNew();
    const second = await opening;
    await setup.sessions.closeAllOf(CLIENT.id);
    expect(setup.sessions.open()).toEqual([{ id: second.data?.session_id, clientId: OTHER.id }]);
    expect(setup.panel.host.ownerOf(first.tabId)).toBeNull();
  });

  it('ends when the person presses Stop in the panel: the call in flight and later ones hear it ended', async () => {
    const setup = panelWithPersonTab();
    const { sessionId, tabId } = await openOn(setup);
    const { panel, seen, sessions } = setup;
    // A call held in flight by a question to the person: open_url to a site they have not allowed.
    const action = { session_id: sessionId, action: 'open_url', input: { url: 'https://elsewhere.test/' } };
    const waiting = sessions.handle(call('page_action', action), io());
    await until(() => seen.some((event) => event.type === 'permission_request'));
    panel.host.stop(sessionId);
    const reply = await waiting;
    expect(reply.isError).toBe(true);
    expect(reply.data).toMatchObject({ session_id: sessionId, status: 'stopped' });
    expect(sessions.open()).toEqual([]);
    const after = await sessions.handle(call('page_snapshot', { session_id: sessionId }), io());
    expect(after.isError).toBe(true);
    expect(panel.host.running).toBe(0);
    expect(panel.host.ownerOf(tabId)).toBeNull();
  });
});
