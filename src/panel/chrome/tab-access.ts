// The panel's adapter over chrome.tabs and chrome.scripting, as the agent core and the remote page receive it.

import { withDeadline } from '../../shared/rpc';
import type { TabAccess } from '../page/remote-page';
import type { TabEventBus } from '../tabs/tab-event-bus';

const READY_TIMEOUT_MS = 5_000;

function contentScriptFiles(): string[] {
  return chrome.runtime.getManifest().content_scripts?.flatMap((script) => script.js ?? []) ?? [];
}

/** Runs in the tab's isolated world: restarts a content-script module this world has already evaluated. */
function rebootIfLoaded(): boolean {
  const hook = (globalThis as { __steadyhandBoot?: () => boolean }).__steadyhandBoot;
  return typeof hook === 'function' ? hook() : false;
}

/**
 * The built content script is a small loader that imports the real module asynchronously, so executeScript returns
 * before the script can answer. Injection therefore waits for the script's own `contentReady` announcement.
 */
export function chromeTabAccess(bus: TabEventBus): TabAccess {
  return {
    ownOrigin: chrome.runtime.getURL('').replace(/\/$/, ''),
    async getTab(tabId) {
      try {
        return await chrome.tabs.get(tabId);
      } catch {
        return null;
      }
    },
    async injectContentScript(tabId) {
      // Listen before injecting: the announcement may come before executeScript returns.
      const injecting = new AbortController();
      const ready = withDeadline(
        `Starting the content script in tab ${tabId}`,
        { timeoutMs: READY_TIMEOUT_MS, signal: injecting.signal },
        (signal) =>
          new Promise<void>((resolve) => {
            const stop = bus.subscribe((event) => {
              if (event.type !== 'contentReady' || event.tabId !== tabId) return;
              stop();
              resolve();
            }, signal);
          }),
      );
      try {
        const target = { tabId, frameIds: [0] };
        const [rebooted] = await chrome.scripting.executeScript({ target, func: rebootIfLoaded });
        if (rebooted?.result !== true) await chrome.scripting.executeScript({ target, files: contentScriptFiles() });
      } catch (error) {
        injecting.abort();
        void ready.catch(() => {});
        throw error;
      }
      await ready;
    },
  };
}
