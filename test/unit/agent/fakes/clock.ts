// A clock tests move by hand. `sleep` advances it instead of waiting, and records what was asked for, so backoff
// and retry-after can be asserted without any test waiting real seconds.

import type { Clock, Sleep } from '../../../../src/panel/agent/core/time';
import { abortedError } from '../../../../src/shared/rpc';

export class FakeClock implements Clock {
  #now: number;
  readonly sleeps: number[] = [];

  constructor(start = 1_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    this.#now += ms;
  }

  readonly sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw abortedError('The wait');
    this.sleeps.push(ms);
    this.advance(ms);
  };
}
