// set_value on an ARIA slider (role=slider with aria-valuemin/max/now: MUI, Mantine and Ant Design thumbs): focus
// it and press the keys the slider pattern defines, reading aria-valuenow after each, until it holds the value or
// the closest one its steps allow. When keys do not move it, press the track at the value's proportional point. One
// that shows a value of its own on a scale (aria-valuetext) is walked by that value instead (aria-scaled.ts).

import type { ActionResult } from '../../../shared/page-types';
import { deepElementFromPoint } from '../../snapshot/geometry/hit-test';
import { type ActionContext, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { nextFrame } from '../pointer/pace';
import { bringIntoView, dispatchClick } from '../pointer/pointer';
import { setShownScale, shownOnScale } from './aria-scaled';
import { isArrow, nextSliderKey, overshot, type SliderKey, type SliderState, sameStep } from './slider-keys';
import { press } from './slider-press';
import { parseSliderNumber } from './value-formats';

const MAX_PRESSES = 400;

function reading(slider: Element): { now: number; min: number; max: number } | null {
  const number = (name: string) => parseSliderNumber(slider.getAttribute(name) ?? '');
  const now = number('aria-valuenow');
  if (now === null) return null;
  return { now, min: number('aria-valuemin') ?? 0, max: number('aria-valuemax') ?? 100 };
}

/** The rail a thumb moves along: the nearest ancestor clearly longer than the thumb in its orientation. */
function trackOf(slider: Element, vertical: boolean): Element {
  const length = (r: DOMRect) => (vertical ? r.height : r.width);
  const own = slider.getBoundingClientRect();
  let node: Element | null = slider;
  for (let depth = 0; node && depth < 5; depth++, node = node.parentElement) {
    if (length(node.getBoundingClientRect()) >= Math.max(3 * length(own), 40)) return node;
  }
  return slider;
}

function pressTrack(ctx: ActionContext, slider: Element, target: number, min: number, max: number): void {
  const vertical = slider.getAttribute('aria-orientation') === 'vertical';
  const box = trackOf(slider, vertical).getBoundingClientRect();
  const fraction = max === min ? 0 : (target - min) / (max - min);
  const x = vertical ? box.left + box.width / 2 : box.left + fraction * box.width;
  const y = vertical ? box.bottom - fraction * box.height : box.top + box.height / 2;
  const under = deepElementFromPoint(slider.ownerDocument, x, y, ctx.shadowRootOf) ?? slider;
  dispatchClick(under, x, y);
}

/** `moved`: a key changed it; `nearest`: the two values either side of the target, when one arrow passed it. */
async function driveByKeys(slider: Element, target: number): Promise<{ moved: boolean; nearest?: [number, number] }> {
  const first = reading(slider);
  if (!first) return { moved: false };
  let nearest: [number, number] | undefined;
  const dead = new Set<SliderKey>();
  const state: SliderState = { ...first, dead };
  let moved = false;
  for (let presses = 0; presses < MAX_PRESSES; presses++) {
    const key = nextSliderKey(state, target);
    if (!key) break;
    const before = state.now;
    const after = await press(slider, key);
    if (after === null) break;
    if (after === before) {
      dead.add(key);
      continue;
    }
    moved = true;
    state.now = after;
    const paged = key === 'PageUp' || key === 'PageDown';
    if (paged) state.pageStep = Math.abs(after - before);
    else if (isArrow(key)) {
      const step = Math.abs(after - before);
      state.evenSteps = state.arrowStep !== undefined && sameStep(state.arrowStep, step);
      state.arrowStep = step;
    }
    if (!overshot(before, after, target)) continue;
    if (!isArrow(key)) {
      state.arrowsOnly = true;
      continue;
    }
    // One arrow step went past the value: the two are the nearest it takes; keep the closer.
    nearest = [Math.min(before, after), Math.max(before, after)];
    if (Math.abs(before - target) < Math.abs(after - target)) {
      const back = nextSliderKey({ ...state, arrowStep: undefined, arrowsOnly: true }, before);
      if (back) state.now = (await press(slider, back)) ?? after;
    }
    break;
  }
  return nearest ? { moved, nearest } : { moved };
}

export async function setAriaSlider(
  ctx: ActionContext,
  slider: Element,
  ref: number,
  target: number,
): Promise<ActionResult> {
  const name = describeTarget(slider, ref);
  // It shows a value of its own (aria-valuetext "256 GB" over aria-valuenow 8): the model asks for that one.
  if (shownOnScale(slider) !== null) return setShownScale(ctx, slider, name, target);
  const start = reading(slider);
  if (!start) return notPerformed(`${name} has no aria-valuenow: its value cannot be read, so it cannot be set.`);
  if (target < start.min || target > start.max) {
    return notPerformed(`${name} takes values from ${start.min} to ${start.max}; ${target} is outside.`);
  }
  if (start.now === target) return performed(true, [], `${name} was already at ${target}.`);
  const watch = EffectWatch.of(ctx, slider);
  try {
    bringIntoView(slider);
    let keys = await driveByKeys(slider, target);
    let how = 'keys';
    if (!keys.moved) {
      how = 'a press on its track';
      pressTrack(ctx, slider, target, start.min, start.max);
      await nextFrame(ctx.doc);
      // The press lands within a pixel of the value; keys, if they work after all, bring it the rest of the way.
      keys = await driveByKeys(slider, target);
    }
    await watch.settle();
    const reached = reading(slider)?.now;
    if (reached === target) return performed(true, watch.effects());
    if (reached === start.now) {
      return performed(
        false,
        watch.effects(),
        `${name} did not move: neither its keys nor a press on its track changed aria-valuenow (still ${reached}).`,
      );
    }
    if (keys.nearest) {
      const [below, above] = keys.nearest;
      return performed(
        false,
        watch.effects(),
        `${name} cannot take ${target}: the nearest values it takes are ${below} and ${above}; it is at ${reached}.`,
      );
    }
    return performed(
      false,
      watch.effects(),
      `${name} is at ${reached}, the closest to ${target} that ${how} reached (its steps may not allow ${target}).`,
    );
  } finally {
    watch.dispose();
  }
}
