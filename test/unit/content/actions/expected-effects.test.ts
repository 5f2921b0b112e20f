// @vitest-environment jsdom
// A replayed step tells the page what it did when it was recorded (shared/page-types.ts §ActionHints): once the
// action has done one of those things, the quiet window shrinks to EXPECTED_QUIET_MS; an action that has not, or a
// call with no hint, keeps the full window (decision 0031).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EffectWatch } from '../../../../src/content/actions/effects/effects';
import { EXPECTED_QUIET_MS } from '../../../../src/content/actions/effects/settle';
import type { ActionEffect } from '../../../../src/shared/page-types';

const FULL_WINDOW_MS = 1_000;

function field(): HTMLInputElement {
  const input = document.createElement('input');
  document.body.append(input);
  return input;
}

/** Starts a settle with a long window; `settled()` says whether it has ended yet. */
function settling(watch: EffectWatch) {
  let done = false;
  void watch.settle({ quietMs: FULL_WINDOW_MS, maxMs: 10 * FULL_WINDOW_MS }).then(() => {
    done = true;
  });
  return { settled: () => done };
}

async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the quiet window of an action whose effect the caller expects', () => {
  it('ends EXPECTED_QUIET_MS after the expected effect, not a full window', async () => {
    const input = field();
    const watch = new EffectWatch(document, input, undefined, ['value_change']);
    input.value = 'Ada';
    const wait = settling(watch);
    await pass(EXPECTED_QUIET_MS - 1);
    expect(wait.settled()).toBe(false);
    await pass(1);
    expect(wait.settled()).toBe(true);
    expect(watch.effects()).toContain('value_change');
    watch.dispose();
  });

  it('keeps the full window while only other effects came (a page that did something else)', async () => {
    const input = field();
    const watch = new EffectWatch(document, input, undefined, ['navigation'] as ActionEffect[]);
    input.value = 'Ada';
    document.body.append(document.createElement('p'));
    const wait = settling(watch);
    await pass(EXPECTED_QUIET_MS * 4);
    expect(wait.settled()).toBe(false);
    await pass(FULL_WINDOW_MS);
    expect(wait.settled()).toBe(true);
    watch.dispose();
  });

  it('keeps the full window without a hint, whatever the action did', async () => {
    const input = field();
    const watch = new EffectWatch(document, input);
    input.value = 'Ada';
    const wait = settling(watch);
    await pass(EXPECTED_QUIET_MS * 4);
    expect(wait.settled()).toBe(false);
    await pass(FULL_WINDOW_MS);
    expect(wait.settled()).toBe(true);
    watch.dispose();
  });

  it('waits out the page still changing after the expected effect, then ends shortly after it stops', async () => {
    const input = field();
    const watch = new EffectWatch(document, input, undefined, ['value_change']);
    input.value = 'Ada';
    const wait = settling(watch);
    for (let i = 0; i < 5; i++) {
      await pass(EXPECTED_QUIET_MS / 2);
      document.body.append(document.createElement('p'));
    }
    expect(wait.settled()).toBe(false);
    await pass(EXPECTED_QUIET_MS);
    expect(wait.settled()).toBe(true);
    watch.dispose();
  });
});
