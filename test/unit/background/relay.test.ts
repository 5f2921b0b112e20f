import { chrome } from 'jest-chrome';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SCRIPT_FILE } from '../../../src/shared/content-script';
import type { RpcCallMessage } from '../../../src/shared/protocol';

const ID = 'extensionidextensionidextensionid';
const ORIGIN = `chrome-extension://${ID}/`;

const panelSender = { id: ID, url: `${ORIGIN}src/panel/index.html` } as chrome.runtime.MessageSender;
const contentSender = {
  id: ID,
  url: 'https://site.test/page',
  tab: { id: 9 } as chrome.tabs.Tab,
  frameId: 0,
} as chrome.runtime.MessageSender;

function flush() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let setAccessLevel: unknown;

beforeAll(async () => {
  // The stub from the setup file, as it is when the worker module runs (each test gets a fresh one afterwards).
  setAccessLevel = (chrome.storage.local as unknown as { setAccessLevel: unknown }).setAccessLevel;
  Object.assign(chrome.runtime, { id: ID });
  chrome.runtime.getURL.mockImplementation((path: string) => `${ORIGIN}${path}`);
  chrome.runtime.sendMessage.mockResolvedValue(undefined);
  // Importing the worker registers its listeners, synchronously, at top level.
  await import('../../../src/background/index');
});

beforeEach(() => {
  chrome.runtime.sendMessage.mockReset();
  chrome.runtime.sendMessage.mockResolvedValue(undefined);
  chrome.tabs.sendMessage.mockReset();
});

describe('service worker relay', () => {
  it('registers every listener when the module loads', () => {
    expect(chrome.runtime.onConnect.hasListeners()).toBe(true);
    expect(chrome.runtime.onMessage.hasListeners()).toBe(true);
    for (const event of [
      chrome.webNavigation.onCommitted,
      chrome.tabs.onActivated,
      chrome.tabs.onRemoved,
      chrome.tabs.onUpdated,
      chrome.tabs.onCreated,
      chrome.windows.onFocusChanged,
    ]) {
      expect(event.hasListeners()).toBe(true);
    }
  });

  it('keeps chrome.storage.local, where the API key is, from content scripts as it starts', () => {
    expect(setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('forwards a frame-0 commit to the panel and ignores subframes', () => {
    const details = { tabId: 4, frameId: 0, url: 'https://a.test/', transitionType: 'link', timeStamp: 1 };
    chrome.webNavigation.onCommitted.callListeners(
      details as chrome.webNavigation.WebNavigationTransitionCallbackDetails,
    );
    chrome.webNavigation.onCommitted.callListeners({
      ...details,
      frameId: 3,
    } as chrome.webNavigation.WebNavigationTransitionCallbackDetails);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledTimes(1);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({
      kind: 'tab:event',
      v: 1,
      event: { type: 'committed', tabId: 4, frameId: 0, url: 'https://a.test/', transitionType: 'link', timeStamp: 1 },
    });
  });

  it('forwards a frame-0 move within the document (pushState, a fragment), and ignores subframes', () => {
    const details = { tabId: 4, frameId: 0, url: 'https://a.test/#done', transitionType: 'link', timeStamp: 1 };
    type Details = chrome.webNavigation.WebNavigationTransitionCallbackDetails;
    chrome.webNavigation.onReferenceFragmentUpdated.callListeners(details as Details);
    chrome.webNavigation.onHistoryStateUpdated.callListeners({ ...details, url: 'https://a.test/next' } as Details);
    chrome.webNavigation.onHistoryStateUpdated.callListeners({ ...details, frameId: 2 } as Details);
    expect(chrome.runtime.sendMessage.mock.calls.map((c: unknown[]) => (c[0] as { event: unknown }).event)).toEqual([
      { type: 'sameDocument', tabId: 4, url: 'https://a.test/#done' },
      { type: 'sameDocument', tabId: 4, url: 'https://a.test/next' },
    ]);
  });

  it('forwards creation with the opener, and focus changes', () => {
    chrome.tabs.onCreated.callListeners({ id: 11, windowId: 2, openerTabId: 4 } as chrome.tabs.Tab);
    chrome.windows.onFocusChanged.callListeners(-1);
    expect(
      chrome.runtime.sendMessage.mock.calls.map((call: unknown[]) => (call[0] as { event: unknown }).event),
    ).toEqual([
      { type: 'created', tabId: 11, windowId: 2, openerTabId: 4, url: undefined, pendingUrl: undefined },
      { type: 'focusChanged', windowId: -1 },
    ]);
  });

  it('swallows "no receiver" when no panel is open', async () => {
    const warn = vi.spyOn(console, 'warn');
    chrome.runtime.sendMessage.mockRejectedValue(
      new Error('Could not establish connection. Receiving end does not exist.'),
    );
    chrome.tabs.onActivated.callListeners({ tabId: 1, windowId: 1 });
    await flush();
    expect(warn).not.toHaveBeenCalled();
  });

  it('relays a panel call to frame 0 of the tab, with its call tag, and posts the reply on the port', async () => {
    chrome.tabs.sendMessage.mockResolvedValue({ ok: true, value: { pong: true } } as never);
    const port = fakePort(panelSender);
    chrome.runtime.onConnect.callListeners(port.port as never);
    const tag = { id: 'session-3', attempt: 2, issuedAt: 1_000 };
    const call: RpcCallMessage = { kind: 'rpc:call', v: 1, id: 3, tabId: 9, method: 'ping', args: [], call: tag };
    port.receive(call);
    // Not while the panel's message is dispatched: a user gesture it carries would pass on to the page.
    expect(chrome.tabs.sendMessage).not.toHaveBeenCalled();
    await flush();
    expect(chrome.tabs.sendMessage).toHaveBeenCalledWith(
      9,
      { kind: 'cs:rpc', v: 1, method: 'ping', args: [], call: tag },
      {
        frameId: 0,
      },
    );
    expect(port.posted).toEqual([{ kind: 'rpc:response', v: 1, id: 3, reply: { ok: true, value: { pong: true } } }]);
  });

  it('relays a call that names a frame to that frame of the tab', async () => {
    chrome.tabs.sendMessage.mockResolvedValue({ ok: true, value: { pong: true } } as never);
    const port = fakePort(panelSender);
    chrome.runtime.onConnect.callListeners(port.port as never);
    const tag = { id: 'session-4', attempt: 1, issuedAt: 1_000 };
    port.receive({ kind: 'rpc:call', v: 1, id: 4, tabId: 9, frameId: 7, method: 'ping', args: [], call: tag });
    await flush();
    expect(chrome.tabs.sendMessage).toHaveBeenCalledWith(
      9,
      { kind: 'cs:rpc', v: 1, method: 'ping', args: [], call: tag },
      { frameId: 7 },
    );
  });

  it('maps a tab without a content script to no_receiver', async () => {
    chrome.tabs.sendMessage.mockRejectedValue(
      new Error('Could not establish connection. Receiving end does not exist.'),
    );
    const port = fakePort(panelSender);
    chrome.runtime.onConnect.callListeners(port.port as never);
    port.receive({ kind: 'rpc:call', v: 1, id: 1, tabId: 9, method: 'ping', args: [] });
    await flush();
    expect(port.posted[0]).toMatchObject({ reply: { ok: false, error: { code: 'no_receiver' } } });
  });

  it('refuses calls from a port opened by a content script', async () => {
    const port = fakePort(contentSender);
    chrome.runtime.onConnect.callListeners(port.port as never);
    port.receive({ kind: 'rpc:call', v: 1, id: 1, tabId: 9, method: 'ping', args: [] });
    await flush();
    expect(chrome.tabs.sendMessage).not.toHaveBeenCalled();
    expect(port.posted[0]).toMatchObject({ reply: { ok: false, error: { code: 'forbidden' } } });
  });

  it('forwards a content query to the panel with the sender tab, and refuses one from a page', async () => {
    chrome.runtime.sendMessage.mockResolvedValue({ ok: true, value: { stopping: true } });
    const answers: unknown[] = [];
    const keepOpen = chrome.runtime.onMessage.callListeners(
      { kind: 'cs:query', v: 1, query: 'requestStop' },
      contentSender,
      (reply: unknown) => answers.push(reply),
    );
    void keepOpen;
    await flush();
    await flush(); // the answer goes back from a task of its own, outside any gesture the panel's reply carries
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({
      kind: 'panel:query',
      v: 1,
      tabId: 9,
      query: 'requestStop',
    });
    expect(answers).toEqual([{ ok: true, value: { stopping: true } }]);

    chrome.runtime.onMessage.callListeners(
      { kind: 'cs:query', v: 1, query: 'requestStop' },
      panelSender,
      (reply: unknown) => answers.push(reply),
    );
    expect(answers[1]).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('answers a content query with no_receiver when no panel runs a task', async () => {
    chrome.runtime.sendMessage.mockRejectedValue(new Error('The message port closed before a response was received.'));
    const answers: unknown[] = [];
    chrome.runtime.onMessage.callListeners(
      { kind: 'cs:query', v: 1, query: 'requestStop' },
      contentSender,
      (r: unknown) => answers.push(r),
    );
    await flush();
    await flush();
    expect(answers).toEqual([{ ok: false, error: expect.objectContaining({ code: 'no_receiver' }) }]);
  });
});

function fakePort(sender: chrome.runtime.MessageSender) {
  const listeners: ((m: unknown) => void)[] = [];
  const posted: unknown[] = [];
  const port = {
    name: 'steadyhand-panel',
    sender,
    postMessage: (m: unknown) => posted.push(m),
    onMessage: { addListener: (fn: (m: unknown) => void) => listeners.push(fn) },
    onDisconnect: { addListener: () => {} },
    disconnect: () => {},
  } as unknown as chrome.runtime.Port;
  return {
    port,
    posted,
    receive: (m: unknown) => {
      for (const fn of listeners) fn(m);
    },
  };
}

describe('injection for the panel', () => {
  const scripting = () => (chrome as unknown as { scripting: { executeScript: ReturnType<typeof vi.fn> } }).scripting;

  function ask(message: unknown, sender: chrome.runtime.MessageSender) {
    let reply: unknown;
    const kept = chrome.runtime.onMessage.callListeners(message, sender, (r: unknown) => {
      reply = r;
    });
    return { kept, reply: () => reply };
  }

  it('injects for the panel from a task of its own, outside the dispatch of the panel’s message', async () => {
    scripting().executeScript.mockReset();
    scripting().executeScript.mockResolvedValue([{ result: undefined }]);
    const target = { tabId: 9, documentIds: ['doc-1'] };
    const asked = ask({ kind: 'inject', v: 1, target }, panelSender);
    // Nothing runs while the message is being dispatched: a gesture it carries would pass on to the page.
    expect(scripting().executeScript).not.toHaveBeenCalled();
    await flush();
    await flush();
    expect(scripting().executeScript).toHaveBeenCalledWith({ target, files: [CONTENT_SCRIPT_FILE] });
    expect(asked.reply()).toEqual({ ok: true, value: {} });
  });

  it('injects the content script even when the page’s world refuses the listener probe', async () => {
    scripting().executeScript.mockReset();
    scripting().executeScript.mockImplementation(async (injection: { world?: string }) => {
      if (injection.world === 'MAIN') throw new Error('Cannot access contents of the page.');
      return [{ result: undefined }];
    });
    const target = { tabId: 9, documentIds: ['doc-1'] };
    const asked = ask({ kind: 'inject', v: 1, target }, panelSender);
    for (let i = 0; i < 4; i++) await flush();
    expect(scripting().executeScript).toHaveBeenCalledWith(expect.objectContaining({ target, world: 'MAIN' }));
    expect(scripting().executeScript).toHaveBeenCalledWith({ target, files: [CONTENT_SCRIPT_FILE] });
    expect(asked.reply()).toEqual({ ok: true, value: {} });
  });

  it('refuses an injection that does not come from an extension page', async () => {
    scripting().executeScript.mockReset();
    const refused = ask({ kind: 'inject', v: 1, target: { tabId: 9, frameIds: [0] } }, contentSender);
    await flush();
    expect(scripting().executeScript).not.toHaveBeenCalled();
    expect(refused.reply()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('reports a failed injection as a typed error', async () => {
    scripting().executeScript.mockReset();
    scripting().executeScript.mockRejectedValue(new Error('No tab with id: 9.'));
    const asked = ask({ kind: 'inject', v: 1, target: { tabId: 9, frameIds: [0] } }, panelSender);
    await flush();
    await flush();
    await flush();
    expect(asked.reply()).toMatchObject({ ok: false, error: { message: expect.stringMatching(/No tab with id/) } });
  });
});
