// set_value on an ARIA slider that shows a value of its own: its aria-valuenow is a position and its aria-valuetext
// what that position means on a scale the page maps it to (Ant Design's Slider with `ariaValueTextFormatterForHandle`
// over a logarithmic scale: aria-valuenow 8, aria-valuetext "256 GB"). The snapshot shows the text (state.ts), so the
// model asks for 256; the thumb is walked one arrow key at a time, reading the shown number back after each, as a
// person presses and watches the label. The scale is taken to be monotonic, in either direction.

import type { ActionResult } from '../../../shared/page-types';
import { type ActionContext, performed } from '../context';
import { EffectWatch } from '../effects/effects';
import { bringIntoView } from '../pointer/pointer';
import { overshot, type SliderKey } from './slider-keys';
import { press } from './slider-press';
import { leadingNumber, parseSliderNumber } from './value-formats';

const MAX_PRESSES = 400;
const UP: readonly SliderKey[] = ['ArrowRight', 'ArrowUp'];
const DOWN: readonly SliderKey[] = ['ArrowLeft', 'ArrowDown'];

/** The number the slider shows when its aria-valuetext starts with one that is not its aria-valuenow; else null. */
export function shownOnScale(slider: Element): number | null {
  const text = slider.getAttribute('aria-valuetext');
  if (!text) return null;
  const shown = leadingNumber(text);
  const now = parseSliderNumber(slider.getAttribute('aria-valuenow') ?? '');
  return shown !== null && now !== null && shown !== now ? shown : null;
}

/** The number the slider shows now: its aria-valuetext's. */
function shownNow(slider: Element): number | null {
  return leadingNumber(slider.getAttribute('aria-valuetext') ?? '');
}

interface Walk {
  moved: boolean;
  /** The two shown values either side of the target, when one press passed it. */
  nearest?: [number, number];
}

/**
 * Presses arrows toward `target` until the shown number is it, or one press passed it (then back to the closer of
 * the two), or the thumb stops moving. A press that moved away from it says the scale runs the other way.
 */
async function walk(slider: Element, target: number): Promise<Walk> {
  let now = shownNow(slider);
  if (now === null) return { moved: false };
  const dead = new Set<SliderKey>();
  let reversed = false;
  let moved = false;
  for (let presses = 0; presses < MAX_PRESSES && now !== target; presses++) {
    const up = target > now !== reversed;
    const key = (up ? UP : DOWN).find((candidate) => !dead.has(candidate));
    if (!key) break;
    const before: number = now;
    await press(slider, key);
    const after = shownNow(slider);
    if (after === null) break;
    if (after === before) {
      dead.add(key);
      continue;
    }
    moved = true;
    now = after;
    if (overshot(before, after, target)) {
      if (Math.abs(before - target) < Math.abs(after - target)) {
        const back = (up ? DOWN : UP).find((candidate) => !dead.has(candidate));
        if (back) await press(slider, back);
      }
      return { moved, nearest: [Math.min(before, after), Math.max(before, after)] };
    }
    if (Math.abs(after - target) > Math.abs(before - target)) {
      // The keys run the scale the other way: the other keys go toward the target, and the dead ones may not.
      reversed = !reversed;
      dead.clear();
    }
  }
  return { moved };
}

export async function setShownScale(
  ctx: ActionContext,
  slider: Element,
  name: string,
  target: number,
): Promise<ActionResult> {
  const start = slider.getAttribute('aria-valuetext') ?? '';
  if (shownNow(slider) === target) return performed(true, [], `${name} was already at ${start}.`);
  const watch = EffectWatch.of(ctx, slider);
  try {
    bringIntoView(slider);
    const result = await walk(slider, target);
    await watch.settle();
    const reached = slider.getAttribute('aria-valuetext') ?? '';
    if (shownNow(slider) === target) return performed(true, watch.effects());
    if (!result.moved) {
      return performed(false, watch.effects(), `${name} did not move: its arrow keys left it at ${reached}.`);
    }
    if (result.nearest) {
      const [below, above] = result.nearest;
      return performed(
        false,
        watch.effects(),
        `${name} cannot show ${target}: the nearest values it shows are ${below} and ${above}; it is at ${reached}.`,
      );
    }
    return performed(
      false,
      watch.effects(),
      `${name} is at ${reached}, the closest to ${target} its keys reached (it shows no value nearer ${target}).`,
    );
  } finally {
    watch.dispose();
  }
}
