// Every handler checks who sent the message: the worker's relay (rpc:call only from our extension pages, by URL;
// cs:query and cs:ready only from our content scripts), the content script's router (only our extension), and the
// panel's router (only our service worker). Other extensions, web pages and the wrong context are refused.

import { chrome } from 'jest-chrome';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onPanelConnect, onRuntimeMessage } from '../../../src/background/relay';
import { isExtensionPage, isOwnContentScript } from '../../../src/background/senders';
import { handleRpc } from '../../../src/content/router';
import { isFromWorker, listenToWorker } from '../../../src/panel/chrome/panel-router';
import { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import type { PageApi, PanelQueries, TabEvent } from '../../../src/shared/protocol';

type Sender = chrome.runtime.MessageSender;

const ID = 'extensionidextensionidextensionid';
const OTHER = 'otherextensionotherextensionother';
const ORIGIN = `chrome-extension://${ID}/`;
const WORKER_URL = `${ORIGIN}service-worker-loader.js`;

const senders = {
  sidePanel: { id: ID, url: `${ORIGIN}src/panel/index.html`, origin: ORIGIN.slice(0, -1) },
  // The panel opened as a tab (how the tests and `npm start` headless open it) has a tab, and is still a page of ours.
  panelInTab: { id: ID, url: `${ORIGIN}src/panel/index.html`, tab: { id: 3 } as chrome.tabs.Tab, frameId: 0 },
  worker: { id: ID, url: WORKER_URL },
  contentScript: { id: ID, url: 'https://site.test/page', tab: { id: 9 } as chrome.tabs.Tab, frameId: 0 },
  contentScriptInFrame: { id: ID, url: 'https://ads.test/frame', tab: { id: 9 } as chrome.tabs.Tab, frameId: 4 },
  otherExtensionPage: { id: OTHER, url: `chrome-extension://${OTHER}/popup.html` },
  otherExtensionContent: { id: OTHER, url: 'https://site.test/page', tab: { id: 9 } as chrome.tabs.Tab, frameId: 0 },
  // An id that merely starts like ours, and a URL that merely starts like our origin.
  lookalikeId: { id: `${ID}x`, url: `chrome-extension://${ID}x/page.html` },
  lookalikeUrl: { id: ID, url: `chrome-extension://${ID}.evil.test/page.html` },
  noId: { url: 'https://site.test/page', tab: { id: 9 } as chrome.tabs.Tab },
  tabWithoutUrl: { id: ID, tab: { id: 9 } as chrome.tabs.Tab },
  empty: {},
} satisfies Record<string, Sender>;

type Name = keyof typeof senders;
const all = Object.keys(senders) as Name[];

beforeAll(() => {
  Object.assign(chrome.runtime, { id: ID });
});

beforeEach(() => {
  Object.assign(chrome.runtime, { id: ID });
  chrome.runtime.getURL.mockImplementation((path: string) => `${ORIGIN}${path}`);
  chrome.runtime.getManifest.mockReturnValue({
    manifest_version: 3,
    name: 'Steadyhand',
    version: '0.1.0',
    background: { service_worker: 'service-worker-loader.js' },
  } as chrome.runtime.Manifest);
  chrome.runtime.sendMessage.mockReset();
  chrome.runtime.sendMessage.mockResolvedValue({ ok: true, value: { show: true, leaseMs: 5000 } });
  chrome.tabs.sendMessage.mockReset();
  chrome.tabs.sendMessage.mockResolvedValue({ ok: true, value: { pong: true } } as never);
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sender predicates', () => {
  it('recognises our extension pages by URL, with or without a tab', () => {
    const accepted = all.filter((name) => isExtensionPage(senders[name]));
    expect(accepted.sort()).toEqual(['panelInTab', 'sidePanel', 'worker']);
  });

  it('recognises our content scripts: our id, a tab, and a page that is not ours', () => {
    const accepted = all.filter((name) => isOwnContentScript(senders[name]));
    expect(accepted.sort()).toEqual(['contentScript', 'contentScriptInFrame']);
  });

  it('knows the service worker by the script the manifest names', () => {
    const accepted = all.filter((name) => isFromWorker(senders[name]));
    expect(accepted).toEqual(['worker']);
  });
});

/** Sends one message to the worker's router; resolves with its reply, or 'no reply' when it answered nothing. */
async function toWorker(message: unknown, sender: Sender): Promise<unknown> {
  let reply: unknown = 'no reply';
  onRuntimeMessage(message, sender, (r) => {
    reply = r;
  });
  await flush();
  return reply;
}

function fakePort(sender: Sender | undefined, name = 'steadyhand-panel') {
  const listeners: ((m: unknown) => void)[] = [];
  const posted: unknown[] = [];
  const port = {
    name,
    sender,
    postMessage: (m: unknown) => posted.push(m),
    onMessage: { addListener: (fn: (m: unknown) => void) => listeners.push(fn) },
    onDisconnect: { addListener: () => {} },
  } as unknown as chrome.runtime.Port;
  return {
    posted,
    async call() {
      onPanelConnect(port);
      for (const fn of listeners) fn({ kind: 'rpc:call', v: 1, id: 7, tabId: 9, method: 'click', args: [{}] });
      await flush();
      return posted[0];
    },
  };
}

describe('the worker relay checks senders', () => {
  it('relays rpc:call over the port only for our extension pages', async () => {
    const relayed: Name[] = [];
    for (const name of all) {
      chrome.tabs.sendMessage.mockClear();
      const response = (await fakePort(senders[name]).call()) as { reply: { ok: boolean; error?: { code: string } } };
      if (chrome.tabs.sendMessage.mock.calls.length > 0) {
        relayed.push(name);
        expect(response.reply.ok).toBe(true);
      } else {
        expect(response.reply.error?.code).toBe('forbidden');
      }
    }
    expect(relayed.sort()).toEqual(['panelInTab', 'sidePanel', 'worker']);
  });

  it('refuses a port without a sender, and ignores ports with another name', async () => {
    expect(await fakePort(undefined).call()).toMatchObject({ reply: { ok: false, error: { code: 'forbidden' } } });
    expect(await fakePort(senders.sidePanel, 'not-steadyhand').call()).toBeUndefined();
    expect(chrome.tabs.sendMessage).not.toHaveBeenCalled();
  });

  it('refuses a one-shot rpc:call from anyone: panels call over their port', async () => {
    for (const name of all) {
      const reply = await toWorker(
        { kind: 'rpc:call', v: 1, id: 1, tabId: 9, method: 'click', args: [{}] },
        senders[name],
      );
      expect(reply, name).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(chrome.tabs.sendMessage).not.toHaveBeenCalled();
  });

  it('forwards cs:query only from our content scripts, with the tab Chrome says it came from', async () => {
    const forwarded: Name[] = [];
    for (const name of all) {
      chrome.runtime.sendMessage.mockClear();
      const reply = await toWorker({ kind: 'cs:query', v: 1, query: 'requestStop' }, senders[name]);
      if (chrome.runtime.sendMessage.mock.calls.length > 0) forwarded.push(name);
      else expect(reply, name).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(forwarded.sort()).toEqual(['contentScript', 'contentScriptInFrame']);
    // The tab id comes from the sender, never from the message: a forged tabId is not even read.
    chrome.runtime.sendMessage.mockClear();
    await toWorker({ kind: 'cs:query', v: 1, query: 'requestStop', tabId: 1 }, senders.contentScript);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({
      kind: 'panel:query',
      v: 1,
      tabId: 9,
      query: 'requestStop',
    });
  });

  it('announces a document only for our content script in frame 0', async () => {
    const announced: Name[] = [];
    for (const name of all) {
      chrome.runtime.sendMessage.mockClear();
      await toWorker({ kind: 'cs:ready', v: 1, url: 'https://site.test/page', documentToken: 'd' }, senders[name]);
      if (chrome.runtime.sendMessage.mock.calls.length > 0) announced.push(name);
    }
    expect(announced).toEqual(['contentScript']);
  });

  it('answers nothing to the kinds only the panel receives', async () => {
    for (const kind of ['tab:event', 'panel:query', 'rpc:response', 'cs:rpc']) {
      expect(await toWorker({ kind, v: 1, tabId: 9, query: 'requestStop', event: {} }, senders.contentScript)).toBe(
        'no reply',
      );
    }
    expect(chrome.runtime.sendMessage).not.toHaveBeenCalled();
    expect(chrome.tabs.sendMessage).not.toHaveBeenCalled();
  });
});

describe('the content router checks senders', () => {
  const controller = { ping: vi.fn(() => ({ pong: true })) } as unknown as PageApi;

  it('serves cs:rpc from our extension only', async () => {
    const served: Name[] = [];
    for (const name of all) {
      const handled = handleRpc(
        controller,
        { kind: 'cs:rpc', v: 1, method: 'ping', args: [] },
        senders[name],
        () => {},
      );
      if (handled) served.push(name);
    }
    expect(served).not.toContain('otherExtensionPage');
    expect(served).not.toContain('otherExtensionContent');
    expect(served).not.toContain('lookalikeId');
    expect(served).not.toContain('noId');
    expect(served).not.toContain('empty');
    expect(served).toContain('worker');
    expect(served).toContain('sidePanel');
  });
});

describe('the panel router checks senders', () => {
  function panelRouter() {
    const bus = new TabEventBus();
    const seen: TabEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    const asked: number[] = [];
    const queries: PanelQueries = {
      requestStop: () => ({ stopping: true }),
    };
    const lifetime = new AbortController();
    listenToWorker(
      bus,
      (tabId) => {
        asked.push(tabId);
        return queries;
      },
      lifetime.signal,
    );
    return { seen, asked, stop: () => lifetime.abort() };
  }

  it('takes tab events and queries from the worker, and ignores them from anyone else', async () => {
    const router = panelRouter();
    const event: TabEvent = { type: 'activated', tabId: 9, windowId: 1 };
    const accepted: Name[] = [];
    for (const name of all) {
      const before = router.seen.length;
      chrome.runtime.onMessage.callListeners({ kind: 'tab:event', v: 1, event }, senders[name], () => {});
      if (router.seen.length > before) accepted.push(name);
    }
    expect(accepted).toEqual(['worker']);

    const replies: unknown[] = [];
    for (const name of all) {
      chrome.runtime.onMessage.callListeners(
        { kind: 'panel:query', v: 1, tabId: 9, query: 'requestStop' },
        senders[name],
        (reply: unknown) => replies.push([name, reply]),
      );
    }
    await flush();
    expect(router.asked).toEqual([9]);
    expect(replies).toEqual([['worker', { ok: true, value: { stopping: true } }]]);
    router.stop();
  });
});
