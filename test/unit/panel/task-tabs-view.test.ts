// The panel's list of a task's tabs: read again when something about those tabs changed, and only then, so several
// tasks at once do not each read their tabs and re-render on every tab event of the browser.

import { describe, expect, it, vi } from 'vitest';
import type { OwnedTab } from '../../../src/panel/agent';
import type { TaskTabView } from '../../../src/panel/store/task-tabs';
import type { TabsChange } from '../../../src/panel/tabs/ownership/tabs-manager';
import { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import { showTaskTabs } from '../../../src/panel/wiring/task-tabs-view';

const tab = (tabId: number, title: string, isCurrent = false): OwnedTab => ({
  tabId,
  windowId: 1,
  url: `https://shop.test/${tabId}`,
  title,
  active: false,
  isCurrent,
  origin: 'initial',
});

function setup() {
  const bus = new TabEventBus();
  let owned = [tab(7, 'Cart', true)];
  let person: number | null = 3;
  const listeners: ((change: TabsChange) => void)[] = [];
  const manager = {
    taskId: 'k3f9',
    owned: vi.fn(async () => owned),
    subscribe: (listener: (change: TabsChange) => void) => void listeners.push(listener),
    isOwned: (tabId: number) => owned.some((t) => t.tabId === tabId),
  };
  const shown: TaskTabView[][] = [];
  const view = { show: vi.fn((entry: { tabs: TaskTabView[] }) => void shown.push(entry.tabs)) };
  showTaskTabs(manager, { bus, view, personTabId: async () => person }, new AbortController().signal);
  return {
    bus,
    manager,
    view,
    shown,
    /** The first list is shown. */
    settle: () => vi.waitFor(() => expect(shown).toHaveLength(1)),
    setOwned: (tabs: OwnedTab[]) => {
      owned = tabs;
      for (const listener of listeners) listener({} as TabsChange);
    },
    setPerson: (tabId: number | null) => {
      person = tabId;
    },
  };
}

describe('the list of a task’s tabs', () => {
  it('reads the tabs again for events about them, not for other tabs’ events', async () => {
    const list = setup();
    await list.settle();
    expect(list.shown).toEqual([
      [{ tabId: 7, title: 'Cart', url: 'https://shop.test/7', isAgent: true, isPerson: false }],
    ]);
    const reads = list.manager.owned.mock.calls.length;
    for (const event of [
      { type: 'updated', tabId: 12, title: 'Another site' },
      { type: 'committed', tabId: 12, frameId: 0, url: 'https://b.test/', transitionType: 'link', timeStamp: 1 },
      { type: 'activated', tabId: 12, windowId: 1 },
      { type: 'focusChanged', windowId: 2 },
    ] as const) {
      list.bus.emit(event);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(list.manager.owned.mock.calls.length).toBe(reads);

    list.bus.emit({ type: 'updated', tabId: 7, title: 'Checkout' });
    await vi.waitFor(() => expect(list.manager.owned.mock.calls.length).toBe(reads + 1));
  });

  it('shows the person’s tab coming to the front and leaving it, and a tab the task took', async () => {
    const list = setup();
    await list.settle();
    list.setPerson(7);
    list.bus.emit({ type: 'activated', tabId: 7, windowId: 1 });
    await vi.waitFor(() => expect(list.shown.at(-1)?.[0]?.isPerson).toBe(true));
    list.setPerson(12);
    list.bus.emit({ type: 'activated', tabId: 12, windowId: 1 });
    await vi.waitFor(() => expect(list.shown.at(-1)?.[0]?.isPerson).toBe(false));
    list.setOwned([tab(7, 'Cart', true), tab(9, 'Receipt')]);
    await vi.waitFor(() => expect(list.shown.at(-1)?.map((t) => t.tabId)).toEqual([7, 9]));
  });

  it('does not show the same list again when a read finds nothing changed', async () => {
    const list = setup();
    await list.settle();
    list.bus.emit({ type: 'updated', tabId: 7, status: 'complete' });
    await vi.waitFor(() => expect(list.manager.owned).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(list.view.show).toHaveBeenCalledTimes(1);
  });
});
