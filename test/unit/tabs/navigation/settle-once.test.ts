// The frame the tab waits share: a wait ends once, by its verdict, its timeout or the caller's abort, and leaves no
// timer, abort handler or scoped work behind whichever way it ended.

import { beforeEach, describe, expect, it } from 'vitest';
import { settleOnce } from '../../../../src/panel/tabs/navigation/settle-once';
import { FakeTimers } from '../fakes';

let timers: FakeTimers;

beforeEach(() => {
  timers = new FakeTimers();
});

const options = (signal?: AbortSignal) => ({
  timers,
  timeoutMs: 1_000,
  signal,
  timedOut: () => 'timeout',
  aborted: () => new Error('aborted'),
});

describe('settleOnce', () => {
  it('takes the first verdict only, then cancels its timer and aborts its scope', async () => {
    let scope: AbortSignal | undefined;
    let end: ((outcome: string | Error) => void) | undefined;
    const wait = settleOnce<string>(options(), (e, s) => {
      end = e;
      scope = s;
    });
    expect(timers.pending).toBe(1);
    end?.('first');
    end?.('second');
    end?.(new Error('late'));
    await expect(wait).resolves.toBe('first');
    expect(scope?.aborted).toBe(true);
    expect(timers.pending).toBe(0);
  });

  it('ends with its timeout outcome when time is up', async () => {
    const wait = settleOnce<string>(options(), () => {});
    await timers.advance(1_000);
    await expect(wait).resolves.toBe('timeout');
  });

  it('rejects with its abort outcome when the caller aborts, and at once when the signal is already aborted', async () => {
    const caller = new AbortController();
    const wait = settleOnce<string>(options(caller.signal), () => {});
    caller.abort();
    await expect(wait).rejects.toThrow('aborted');
    expect(timers.pending).toBe(0);

    let started = false;
    await expect(
      settleOnce<string>(options(caller.signal), () => {
        started = true;
      }),
    ).rejects.toThrow('aborted');
    expect(started).toBe(false);
  });

  it('rejects with an Error verdict', async () => {
    await expect(settleOnce<string>(options(), (end) => end(new Error('tab gone')))).rejects.toThrow('tab gone');
    expect(timers.pending).toBe(0);
  });
});
