// @vitest-environment jsdom
// The content script's short waits in a hidden tab: Chrome runs a hidden tab's timers at most once a second, so a
// wait that kept its time only by a timer would stall there. Here the page's timers never fire at all while the
// document is hidden, and the waits must still end on time.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietWindow } from '../../../../src/content/actions/effects/settle';
import { pause, wakeAfter } from '../../../../src/content/actions/effects/wake';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
  document.body.replaceChildren();
});

/** A hidden tab whose timers are held back (they never fire during the test). */
function hideWithStalledTimers(): void {
  visibility = 'hidden';
  vi.spyOn(window, 'setTimeout').mockImplementation((() => 0) as unknown as typeof setTimeout);
}

describe('waits in a hidden tab', () => {
  it('wakes on time in a hidden tab whose timers do not fire', async () => {
    hideWithStalledTimers();
    const started = performance.now();
    await pause(document, 40);
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });

  it('uses a plain timer in a visible tab, and never wakes once cancelled', async () => {
    const timer = vi.spyOn(window, 'setTimeout');
    const woke = vi.fn();
    const cancel = wakeAfter(document, 20, woke);
    expect(timer).toHaveBeenCalledTimes(1);
    cancel();
    await pause(document, 40);
    expect(woke).not.toHaveBeenCalled();
  });

  it('ends a quiet window in a hidden tab whose timers do not fire', async () => {
    hideWithStalledTimers();
    const result = await quietWindow([document], { quietMs: 30, maxMs: 1_000 });
    expect(result.quiet).toBe(true);
  });

  it('counts the quiet window from the last mutation in a hidden tab', async () => {
    hideWithStalledTimers();
    const waiting = quietWindow([document], { quietMs: 30, maxMs: 1_000 });
    document.body.append('changed');
    const result = await waiting;
    expect(result).toMatchObject({ quiet: true, mutations: 1 });
  });
});
