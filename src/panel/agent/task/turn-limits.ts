// Bounds on one turn of the model (docs/contracts.md P-TURN): a turn may hold any number of tool calls, and each
// wait_for may wait 15 s, so one turn of 30 waits held a step for 450 s while the person watched. A turn runs at most
// MAX_CALLS_PER_TURN calls, and its waits add up to at most MAX_TURN_WAIT_MS; what goes past either is not run (or is
// cut short), and the model's result says which cap it hit and what to do instead. Every call still gets its result:
// the API requires a tool_result for each tool_use.

import type { Clock } from '../core/time';
import type { ModelToolCall } from '../model/agent-model';

/** Why a call is not run: the text the model reads and the line of the step card. */
export interface TurnCapRefusal {
  text: string;
  brief: string;
}

/**
 * Calls one turn may run. A form is filled in one turn of about as many calls as it has fields (type each, check the
 * terms, click submit: 6 to 10 on the checkouts of the test shops); 12 leaves room for that and no more.
 */
export const MAX_CALLS_PER_TURN = 12;
/** A turn's waits together: two of wait_for's longest (15 s), so a slow page can be waited for, not a loop of waits. */
export const MAX_TURN_WAIT_MS = 30_000;
/** Below this a wait is not worth running: wait_for's shortest timeout. */
const MIN_WAIT_MS = 100;
/** Tools whose time is a wait the model chose. */
const WAITING_TOOLS = new Set(['wait_for']);

export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export class TurnLimits {
  #waitedMs = 0;

  constructor(
    private readonly clock: Clock,
    private readonly total: number,
  ) {}

  /** The result for a call one of the caps keeps from running (it is at `index` in the turn), or null. */
  refuse(call: ModelToolCall, index: number): TurnCapRefusal | null {
    if (index >= MAX_CALLS_PER_TURN) {
      const text =
        `Not run: your turn had ${this.total} tool calls, and at most ${MAX_CALLS_PER_TURN} run in one turn (the ` +
        `cap on calls per turn). Send fewer calls per turn: the next observation shows the page after the first ` +
        `${MAX_CALLS_PER_TURN}; send what is still needed from there.`;
      return { text, brief: `not run: over ${MAX_CALLS_PER_TURN} calls in one turn` };
    }
    if (WAITING_TOOLS.has(call.name) && this.waitLeftMs() < MIN_WAIT_MS) {
      const text =
        `Not run: this turn already waited ${seconds(this.#waitedMs)}, and one turn's waits add up to at most ` +
        `${seconds(MAX_TURN_WAIT_MS)} (the cap on waiting per turn). Look at the next observation first; wait in a ` +
        'later turn if you still need to.';
      return { text, brief: 'not run: the turn waited its most' };
    }
    return null;
  }

  /** How long the turn may still wait. */
  waitLeftMs(): number {
    return Math.max(0, MAX_TURN_WAIT_MS - this.#waitedMs);
  }

  /** Runs a call, counting its time toward the turn's waiting when it is a wait. */
  async run<T>(call: ModelToolCall, execute: () => Promise<T>): Promise<T> {
    if (!WAITING_TOOLS.has(call.name)) return execute();
    const t0 = this.clock.now();
    try {
      return await execute();
    } finally {
      this.#waitedMs += Math.max(0, this.clock.now() - t0);
    }
  }
}
