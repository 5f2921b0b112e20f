import { describe, expect, it } from 'vitest';
import {
  chromeTabAccess,
  type InjectApi,
  type InjectFrame,
  type InjectTab,
} from '../../../src/panel/chrome/tab-access';
import { createRemotePage } from '../../../src/panel/page/remote-page';
import { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import { RelayError } from '../../../src/shared/errors';

const OWN = 'chrome-extension://ownextensionid';
const TAB = 7;

/** chrome.tabs / webNavigation / scripting as the injection sees them, recording every script it is asked to run. */
function fakeChrome(tab: InjectTab | null, frame: InjectFrame | null, bus: TabEventBus) {
  const scripted: unknown[] = [];
  const api: InjectApi = {
    ownOrigin: OWN,
    getTab: async () => tab,
    getFrame: async () => frame,
    runScript: async (target) => {
      scripted.push({ target });
      // The script boots, and announces the document.
      bus.emit({ type: 'contentReady', tabId: TAB, url: frame?.url ?? '', documentToken: 'fresh' });
    },
  };
  return { api, scripted };
}

function inject(tab: InjectTab | null, frame: InjectFrame | null, mayScript?: (tabId: number, url: string) => boolean) {
  const bus = new TabEventBus();
  const { api, scripted } = fakeChrome(tab, frame, bus);
  return { result: chromeTabAccess(bus, api, mayScript ? { mayScript } : {}).injectContentScript(TAB), scripted };
}

const RESTRICTED = [
  'chrome://settings/',
  'chrome://newtab/',
  'chrome-untrusted://print/',
  'chrome-search://local-ntp/',
  'edge://settings/',
  'about:blank',
  'about:config',
  'data:text/html,<p>hi</p>',
  'file:///etc/passwd',
  'view-source:https://example.com/',
  'devtools://devtools/bundled/inspector.html',
  'javascript:alert(1)',
  'chrome-extension://someotherextension/page.html',
  'https://chromewebstore.google.com/detail/x/abc',
  'https://chrome.google.com/webstore/detail/abc',
];

describe('the content script and the task’s sites', () => {
  it('is not injected into a document whose site the task may not use (yet), and says so', async () => {
    const asked: string[] = [];
    const url = 'https://blocked.test/page';
    const { result, scripted } = inject({ url, status: 'complete' }, { url, documentId: 'doc' }, (tabId, u) => {
      asked.push(`${tabId} ${u}`);
      return false;
    });
    await expect(result).rejects.toMatchObject({ name: 'TabError', code: 'not_allowed' });
    await expect(result).rejects.toThrow(
      'Steadyhand does not run on https://blocked.test until the task may use that site.',
    );
    expect(asked).toEqual([`${TAB} ${url}`]);
    expect(scripted).toEqual([]);
  });

  it('is injected where the task may work, into the very document the check saw', async () => {
    const url = 'https://shop.test/';
    const { result, scripted } = inject({ url, status: 'complete' }, { url, documentId: 'doc' }, () => true);
    await result;
    expect(scripted).toEqual([{ target: { tabId: TAB, documentIds: ['doc'] } }]);
  });

  it('a page call on such a tab fails as not_allowed, not as a page that did not answer', async () => {
    const bus = new TabEventBus();
    const url = 'https://undecided.test/';
    const { api } = fakeChrome({ url, status: 'complete' }, { url, documentId: 'doc' }, bus);
    const relay = {
      call: async () => ({
        ok: false as const,
        error: { name: 'RelayError', code: 'no_receiver' as const, message: 'none' },
      }),
    };
    const page = createRemotePage(TAB, relay, chromeTabAccess(bus, api, { mayScript: () => false }));
    await expect(page.ping()).rejects.toMatchObject({ code: 'not_allowed' });
  });
});

describe('injecting the content script', () => {
  it.each(RESTRICTED)('never calls chrome.scripting on %s, and says it is restricted', async (url) => {
    const { result, scripted } = inject({ url, status: 'complete' }, { url, documentId: 'doc' });
    await expect(result).rejects.toMatchObject({ name: 'TabError', code: 'restricted' });
    expect(scripted).toEqual([]);
  });

  it('refuses a restricted document even when the tab still reports the web page it came from', async () => {
    const { result, scripted } = inject(
      { url: 'https://example.com/', status: 'complete' },
      { url: 'chrome://settings/', documentId: 'doc' },
    );
    await expect(result).rejects.toMatchObject({ code: 'restricted' });
    expect(scripted).toEqual([]);
  });

  it('refuses a page on its way to a restricted URL', async () => {
    const { result, scripted } = inject(
      { url: 'https://example.com/', pendingUrl: 'chrome://history/', status: 'loading' },
      { url: 'https://example.com/', documentId: 'doc' },
    );
    await expect(result).rejects.toMatchObject({ code: 'restricted' });
    expect(scripted).toEqual([]);
  });

  it("refuses Steadyhand's own pages, which the agent's URL rules otherwise allow", async () => {
    const url = `${OWN}/src/panel/index.html`;
    const { result, scripted } = inject({ url, status: 'complete' }, { url, documentId: 'doc' });
    await expect(result).rejects.toMatchObject({ code: 'restricted' });
    expect(scripted).toEqual([]);
  });

  it('does not script a page still loading (about:blank in flight), without calling it restricted', async () => {
    const { result, scripted } = inject(
      { url: 'about:blank', pendingUrl: 'https://example.com/', status: 'loading' },
      { url: 'about:blank', documentId: 'doc' },
    );
    await expect(result).rejects.toMatchObject({ name: 'RelayError', code: 'no_receiver' });
    expect(scripted).toEqual([]);
  });

  it('does not script a tab the browser discarded, and says so', async () => {
    const { result, scripted } = inject(
      { url: 'https://example.com/', status: 'unloaded', discarded: true },
      { url: 'https://example.com/' },
    );
    await expect(result).rejects.toThrow(/unloaded by the browser/);
    expect(scripted).toEqual([]);
  });

  it('says a closed tab is gone', async () => {
    const { result, scripted } = inject(null, null);
    await expect(result).rejects.toMatchObject({ code: 'tab_gone' });
    expect(scripted).toEqual([]);
  });

  it('scripts a web page only in the document it checked, and waits for its announcement', async () => {
    const { result, scripted } = inject(
      { url: 'https://example.com/a', status: 'complete' },
      { url: 'https://example.com/a', documentId: 'doc-1' },
    );
    await expect(result).resolves.toBeUndefined();
    expect(scripted).toEqual([{ target: { tabId: TAB, documentIds: ['doc-1'] } }]);
  });
});

describe('a page call that reaches no content script', () => {
  it('fails as restricted on a browser page without any scripting', async () => {
    const bus = new TabEventBus();
    const url = 'chrome://extensions/';
    const { api, scripted } = fakeChrome({ url, status: 'complete' }, { url, documentId: 'doc' }, bus);
    const relay = {
      call: async () => ({ ok: false as const, error: new RelayError('no_receiver', 'nobody').toWire() }),
    };
    const page = createRemotePage(TAB, relay, chromeTabAccess(bus, api));
    await expect(page.snapshot({ maxTokens: 100 })).rejects.toMatchObject({ code: 'restricted' });
    expect(scripted).toEqual([]);
  });
});

describe('frame access', () => {
  function frameAccess() {
    const scripted: unknown[] = [];
    const api: InjectApi = {
      ownOrigin: OWN,
      getTab: async () => ({ url: 'https://shop.test/' }),
      getFrame: async () => ({ url: 'https://shop.test/' }),
      runScript: async (target) => {
        scripted.push(target);
      },
      getAllFrames: async () => [],
    };
    const access = chromeTabAccess(new TabEventBus(), api).frames;
    if (!access) throw new Error('no frame access');
    return { access, scripted };
  }

  it('scripts a cross-origin frame by its document id', async () => {
    const { access, scripted } = frameAccess();
    await access.injectFrame(TAB, { frameId: 9, parentFrameId: 0, url: 'https://pay.test/card', documentId: 'D9' });
    expect(scripted).toEqual([{ tabId: TAB, documentIds: ['D9'] }]);
  });

  it('never scripts a frame on a restricted URL or on one of our own pages', async () => {
    const { access, scripted } = frameAccess();
    for (const url of ['https://chromewebstore.google.com/detail/x', `${OWN}/src/panel/index.html`]) {
      await expect(access.injectFrame(TAB, { frameId: 9, parentFrameId: 0, url })).rejects.toMatchObject({
        code: 'restricted',
      });
    }
    expect(scripted).toEqual([]);
  });
});
