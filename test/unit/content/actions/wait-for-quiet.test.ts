// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionContext } from '../../../../src/content/actions/context';
import { waitForQuiet } from '../../../../src/content/actions/verbs/wait';

const ctx = () => ({ doc: document }) as unknown as ActionContext;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForQuiet', () => {
  it('is quiet at once when the page has not changed for the whole window already', async () => {
    const last = Date.now() - 500;
    let settled = false;
    const wait = waitForQuiet(ctx(), { quietMs: 100, maxMs: 1_000 }, () => last).then((r) => {
      settled = true;
      return r;
    });
    await Promise.resolve();
    expect(settled).toBe(true);
    expect(await wait).toEqual({ quiet: true, lastMutationAt: last });
  });

  it('counts the silence before the call toward the window', async () => {
    const last = Date.now() - 60;
    let settled = false;
    const wait = waitForQuiet(ctx(), { quietMs: 100, maxMs: 1_000 }, () => last).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(39);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(settled).toBe(true);
  });

  it('starts the window over when the page changes while it waits', async () => {
    let last = Date.now() - 60;
    let settled = false;
    const wait = waitForQuiet(ctx(), { quietMs: 100, maxMs: 1_000 }, () => last).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(20);
    document.body.append(document.createElement('p'));
    last = Date.now();
    await vi.advanceTimersByTimeAsync(60);
    expect(settled).toBe(false); // 60 ms after the change: not quiet yet
    await vi.advanceTimersByTimeAsync(40);
    await wait;
    expect(settled).toBe(true);
  });
});
