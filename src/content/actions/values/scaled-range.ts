// set_value on a range input whose aria-valuenow is not its value: a slider on a non-linear scale keeps the position
// in `value` and what it means in aria-valuenow (MUI's Slider with `scale`: value 8, aria-valuenow 256,
// https://mui.com/material-ui/react-slider/#non-linear-scale). The model asks for what the snapshot shows (the
// aria-valuetext or aria-valuenow, state.ts), so the position is found by walking the input's steps, reading
// aria-valuenow back after each write, as a person drags and watches the label. The scale is taken to be monotonic.

import type { ActionResult } from '../../../shared/page-types';
import { type ActionContext, notPerformed, performed } from '../context';
import { EffectWatch } from '../effects/effects';
import { nextFrame } from '../pointer/pace';
import { bringIntoView } from '../pointer/pointer';
import { parseSliderNumber } from './value-formats';
import { writeValue } from './write-value';

/** How many positions a `step="any"` input is walked over. */
const ANY_STEPS = 200;
/** How long a write may take to show in aria-valuenow (a page that renders on the next frame). */
const FRAMES_TO_WAIT = 3;

export interface Nearest {
  index: number;
  shown: number;
  /** The shown values either side of the target when it is not one of them. */
  between?: [number, number];
  /** The target lies past the end the walk reached, which shows this value. */
  end?: number;
}

/**
 * The position whose shown value is nearest `target`, over `count` positions on a monotonic scale, walked one step
 * at a time from `start` as arrow keys would move it: a jump would drag one thumb of a range past the other, which
 * the slider answers by moving (or swapping) the other thumb.
 */
export async function nearestPosition(
  start: number,
  count: number,
  shownAt: (index: number) => Promise<number>,
  target: number,
): Promise<Nearest> {
  let index = start;
  let value = await shownAt(start);
  if (value === target) return { index, shown: value };
  // Which way is the target: one step up shows whether the scale rises or falls there.
  let dir = 1;
  if (start + 1 < count) {
    const up = await shownAt(start + 1);
    if (Math.sign(up - value) !== Math.sign(target - value)) dir = -1;
  } else dir = -1;
  for (let next = index + dir; next >= 0 && next < count; next += dir) {
    const after = await shownAt(next);
    if (after === target) return { index: next, shown: after };
    if (Math.sign(after - target) !== Math.sign(value - target)) {
      const closer = Math.abs(value - target) <= Math.abs(after - target);
      return {
        index: closer ? index : next,
        shown: closer ? value : after,
        between: [Math.min(value, after), Math.max(value, after)],
      };
    }
    index = next;
    value = after;
  }
  return { index, shown: value, end: value };
}

function shown(input: HTMLInputElement): number | null {
  return parseSliderNumber(input.getAttribute('aria-valuenow') ?? '');
}

/** Whether the input's aria-valuenow says something other than its value: a scaled slider. */
export function isScaled(input: HTMLInputElement): boolean {
  const now = shown(input);
  return now !== null && now !== Number(input.value);
}

async function writeAndRead(input: HTMLInputElement, value: string): Promise<number> {
  const before = input.getAttribute('aria-valuenow');
  writeValue(input, value);
  // React renders a discrete event's update in a microtask; other pages on the next frame.
  await Promise.resolve();
  for (let f = 0; f < FRAMES_TO_WAIT && input.getAttribute('aria-valuenow') === before; f++) {
    await nextFrame(input.ownerDocument);
  }
  return shown(input) ?? Number.NaN;
}

export async function setScaledRange(
  ctx: ActionContext,
  input: HTMLInputElement,
  name: string,
  target: number,
): Promise<ActionResult> {
  const start = shown(input);
  if (start === target) return performed(true, [], `${name} was already at ${target}.`);
  const min = input.min === '' ? 0 : Number(input.min);
  const max = input.max === '' ? 100 : Number(input.max);
  const step = input.step === 'any' ? (max - min) / ANY_STEPS : Number(input.step || '1');
  if (!(step > 0) || !(max > min))
    return notPerformed(`${name} has no range of positions to search (min ${min}, max ${max}).`);
  const count = Math.floor((max - min) / step + 1e-9) + 1;
  const positionAt = (i: number) => String(Math.min(max, min + i * step));
  bringIntoView(input);
  const watch = EffectWatch.of(ctx, input);
  try {
    const from = Math.max(0, Math.min(count - 1, Math.round((Number(input.value) - min) / step)));
    const seen = new Map<number, number>([[from, start ?? Number.NaN]]);
    let last = from;
    const shownAt = async (i: number) => {
      const known = seen.get(i);
      if (known !== undefined) return known;
      last = i;
      const value = await writeAndRead(input, positionAt(i));
      seen.set(i, value);
      return value;
    };
    const found = await nearestPosition(from, count, shownAt, target);
    // The walk may have stepped one past the closer value: come back to it.
    if (last !== found.index) await writeAndRead(input, positionAt(found.index));
    await watch.settle();
    const reached = shown(input);
    if (found.end !== undefined) {
      return performed(false, watch.effects(), `${name} goes no further than ${found.end}; ${target} is past it.`);
    }
    if (reached === target) return performed(true, watch.effects());
    if (found.between) {
      const [low, high] = found.between;
      return performed(
        false,
        watch.effects(),
        `${name} cannot take ${target}: the nearest values it takes are ${low} and ${high}; it is at ${reached}.`,
      );
    }
    return performed(
      false,
      watch.effects(),
      `${name} is at ${reached} instead of ${target}: the page did not keep it.`,
    );
  } finally {
    watch.dispose();
  }
}
