// After an action that navigated, the next look waits for that navigation: a commit or a move within the document
// since a mark taken before the action, or a new document announcing itself (its commit lost with a killed worker).
// Event-driven; the timeout only caps a navigation that never comes.

import { beforeEach, describe, expect, it } from 'vitest';
import { DocumentTracker } from '../../../../src/panel/tabs/navigation/document-tracker';
import { createNavigationWait } from '../../../../src/panel/tabs/navigation/navigation-wait';
import { TabEventBus } from '../../../../src/panel/tabs/tab-event-bus';
import { FakeTimers, flush } from '../fakes';

const TAB = 4;
let bus: TabEventBus;
let timers: FakeTimers;
let wait: ReturnType<typeof createNavigationWait>;

beforeEach(() => {
  bus = new TabEventBus();
  timers = new FakeTimers();
  wait = createNavigationWait({ bus, tracker: new DocumentTracker(bus), timers });
  bus.emit({ type: 'contentReady', tabId: TAB, url: 'https://a.test/form', documentToken: 'old' });
});

function outcome(promise: Promise<unknown>) {
  const state: { value?: unknown } = {};
  void promise.then((value) => {
    state.value = value;
  });
  return state;
}

describe('waiting for the navigation an action started', () => {
  it('waits, with the tab still showing the old page, until the new document commits', async () => {
    const mark = wait.mark(TAB);
    const result = outcome(wait.waitForNavigation(TAB, mark, { timeoutMs: 5_000 }));
    await timers.advance(2_000);
    expect(result.value).toBeUndefined();
    bus.emit({
      type: 'committed',
      tabId: TAB,
      frameId: 0,
      url: 'https://a.test/thanks',
      transitionType: 'form_submit',
      timeStamp: 0,
    });
    await flush();
    expect(result.value).toBe('navigated');
  });

  it('takes a move within the document, or a new document announcing itself, as the navigation', async () => {
    const first = outcome(wait.waitForNavigation(TAB, wait.mark(TAB), { timeoutMs: 5_000 }));
    bus.emit({ type: 'sameDocument', tabId: TAB, url: 'https://a.test/form#done' });
    await flush();
    expect(first.value).toBe('navigated');
    const second = outcome(wait.waitForNavigation(TAB, wait.mark(TAB), { timeoutMs: 5_000 }));
    bus.emit({ type: 'contentReady', tabId: TAB, url: 'https://a.test/thanks', documentToken: 'new' });
    await flush();
    expect(second.value).toBe('navigated');
  });

  it('answers at once for a navigation that already happened, ignores other tabs, and says when none came', async () => {
    const mark = wait.mark(TAB);
    bus.emit({
      type: 'committed',
      tabId: TAB,
      frameId: 0,
      url: 'https://a.test/next',
      transitionType: 'link',
      timeStamp: 0,
    });
    expect(await wait.waitForNavigation(TAB, mark, { timeoutMs: 5_000 })).toBe('navigated');
    const late = outcome(wait.waitForNavigation(TAB, wait.mark(TAB), { timeoutMs: 5_000 }));
    bus.emit({ type: 'committed', tabId: 9, frameId: 0, url: 'https://b.test/', transitionType: 'link', timeStamp: 0 });
    bus.emit({
      type: 'committed',
      tabId: TAB,
      frameId: 3,
      url: 'https://ads.test/',
      transitionType: 'auto_subframe',
      timeStamp: 0,
    });
    await timers.advance(5_000);
    expect(late.value).toBe('timeout');
    expect(timers.pending).toBe(0);
  });

  it('says the tab is gone when it closes while it waits', async () => {
    const gone = outcome(wait.waitForNavigation(TAB, wait.mark(TAB), { timeoutMs: 5_000 }));
    bus.emit({ type: 'removed', tabId: TAB, windowId: 1, isWindowClosing: false });
    await flush();
    expect(gone.value).toBe('gone');
  });
});
