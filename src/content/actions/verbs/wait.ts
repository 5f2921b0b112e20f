// waitFor and waitForQuiet: event-driven waits (MutationObserver), bounded by a timeout. The checks between
// mutations keep their time in a hidden tab (wake.ts); the long deadline is a plain timer, late by a second at most there.

import { PageError } from '../../../shared/errors';
import type { WaitForArgs } from '../../../shared/page-types';
import { isRendered } from '../../snapshot/geometry/visibility';
import type { ActionContext } from '../context';
import { OBSERVE_ALL, quietWindow } from '../effects/settle';
import { wakeAfter } from '../effects/wake';

const MAX_WAIT_MS = 30_000;
/** Checking text on every mutation of a busy page would cost more than it saves: at most this often. */
const CHECK_EVERY_MS = 100;

export function waitFor(ctx: ActionContext, input: WaitForArgs): Promise<{ found: boolean; waitedMs: number }> {
  const args: Partial<WaitForArgs> = input ?? {};
  const timeoutMs = clampTimeout(args.timeoutMs);
  const hasText = typeof args.text === 'string' && args.text.trim() !== '';
  if (hasText === (args.ref !== undefined))
    throw new PageError('invalid_argument', 'waitFor needs either text or ref.');
  if (args.ref !== undefined) ctx.registry.assertSnapshot(args.snapshotId);
  const wanted = (args.text ?? '').trim().toLowerCase();
  const test = hasText
    ? // The wait is for text a person can see: innerText leaves hidden text out, textContent would not.
      () => (ctx.doc.body?.innerText ?? '').toLowerCase().includes(wanted)
    : () => {
        const element = ctx.registry.lookup(args.ref as number);
        return element !== null && isRendered(element);
      };
  const started = performance.now();
  const waited = () => Math.round(performance.now() - started);
  if (test()) return Promise.resolve({ found: true, waitedMs: 0 });
  return new Promise((resolve) => {
    let pending: (() => void) | undefined;
    const finish = (found: boolean) => {
      observer.disconnect();
      pending?.();
      clearTimeout(deadline);
      resolve({ found, waitedMs: waited() });
    };
    const observer = new MutationObserver(() => {
      pending ??= wakeAfter(ctx.doc, CHECK_EVERY_MS, () => {
        pending = undefined;
        if (test()) finish(true);
      });
    });
    observer.observe(ctx.doc, OBSERVE_ALL);
    const deadline = setTimeout(() => finish(test()), timeoutMs);
  });
}

export async function waitForQuiet(
  ctx: ActionContext,
  args: { quietMs: number; maxMs: number },
  lastMutationAt: () => number,
): Promise<{ quiet: boolean; lastMutationAt: number }> {
  const quietMs = Math.min(Math.max(Number(args.quietMs) || 0, 10), 5_000);
  const maxMs = clampTimeout(args.maxMs);
  // Quiet is counted from the page's last DOM change, not from this call: a page that has been still for
  // `quietMs` already is quiet now.
  const alreadyQuietMs = Math.max(0, Date.now() - lastMutationAt());
  if (alreadyQuietMs >= quietMs) return { quiet: true, lastMutationAt: lastMutationAt() };
  const result = await quietWindow([ctx.doc], { quietMs, maxMs, alreadyQuietMs });
  return { quiet: result.quiet, lastMutationAt: lastMutationAt() };
}

function clampTimeout(value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0))
    throw new PageError('invalid_argument', 'timeoutMs must be a number of milliseconds.');
  return Math.min(value, MAX_WAIT_MS);
}
