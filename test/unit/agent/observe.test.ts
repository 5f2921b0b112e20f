import { describe, expect, it } from 'vitest';
import type { AgentPage, AgentTabs, Navigation, TabSnapshot } from '../../../src/panel/agent/core/ports';
import { observe } from '../../../src/panel/agent/observe/observe';
import { TabError } from '../../../src/shared/errors';
import type { Snapshot } from '../../../src/shared/page-types';

const URL_A = 'https://shop.example.com/cart';

/** The agent's tabs with one tab, recording what observe asks of them. */
function fakeTabs(options: { current?: number; openUrl?: () => Promise<void> } = {}) {
  const log: string[] = [];
  const tab = (status: string): TabSnapshot => ({
    tabId: 4,
    windowId: 1,
    url: URL_A,
    status,
    title: 'Cart',
    active: false,
  });
  const tabs: AgentTabs = {
    currentTabId: options.current ?? 4,
    owned: async () => [{ ...tab('complete'), isCurrent: true, origin: 'initial' }],
    getTab: async () => tab('complete'),
    openUrl: async (url, { newTab }) => {
      log.push(`openUrl ${url} newTab=${newTab}`);
      await options.openUrl?.();
      return { tabId: 4, createdTab: false };
    },
    switchTo: async () => tab('complete'),
    close: async () => {},
    goBack: async () => {},
    page: () =>
      ({
        snapshot: async () => {
          log.push('snapshot');
          return { snapshotId: 's1', url: URL_A, digest: 'd1', text: '[1] button "Pay"' } as Snapshot;
        },
      }) as unknown as AgentPage,
    beginRun: async () => null,
    endRun: async () => {},
    subscribe: () => {},
  };
  const navigation: Navigation = {
    waitForUrlSettle: async () => ({ committed: true, url: URL_A }),
    waitForDocumentReady: async (tabId) => {
      log.push(`ready ${tabId}`);
    },
    mark: () => ({ seq: 0, token: null }),
    waitForNavigation: async () => 'navigated',
  };
  return { tabs, navigation, log, tab };
}

const signal = new AbortController().signal;

describe('observe', () => {
  it('loads a tab the browser discarded again, waits for the new document, then observes it', async () => {
    const { tabs, navigation, log, tab } = fakeTabs();
    const check = {
      kind: 'ready' as const,
      tab: tab('unloaded'),
      url: URL_A,
      origin: 'https://shop.example.com',
      committed: false,
    };
    const view = await observe({ tabs, navigation, tabId: 4, check, navigated: false, signal });
    expect(log).toEqual([`openUrl ${URL_A} newTab=false`, 'ready 4', 'snapshot']);
    expect(view).toMatchObject({ operable: true, tabId: 4, url: URL_A, problem: null });
  });

  it('does not load a page that is already there', async () => {
    const { tabs, navigation, log, tab } = fakeTabs();
    const check = {
      kind: 'ready' as const,
      tab: tab('complete'),
      url: URL_A,
      origin: 'https://shop.example.com',
      committed: false,
    };
    await observe({ tabs, navigation, tabId: 4, check, navigated: false, signal });
    expect(log).toEqual(['snapshot']);
  });

  it('says what went wrong, with navigation tools only, when the discarded tab cannot be loaded again', async () => {
    const { tabs, navigation, log, tab } = fakeTabs({
      openUrl: async () => {
        throw new TabError('tab_gone', 'Tab 4 was closed.');
      },
    });
    const check = {
      kind: 'ready' as const,
      tab: tab('unloaded'),
      url: URL_A,
      origin: 'https://shop.example.com',
      committed: false,
    };
    const view = await observe({ tabs, navigation, tabId: 4, check, navigated: false, signal });
    expect(view.operable).toBe(false);
    expect(view.problem).toMatch(/unloaded this tab and it could not be loaded again \(Tab 4 was closed\.\)/);
    expect(log).toEqual([`openUrl ${URL_A} newTab=false`]);
  });
});
