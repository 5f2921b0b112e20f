// set_value on an ARIA slider (role=slider with aria-valuemin/max/now: MUI, Mantine and Ant Design thumbs): focus
// it and press the keys the slider pattern defines, reading aria-valuenow after each, until it holds the value or
// the closest one its steps allow. When keys do not move it, press the track at the value's proportional point.

import type { ActionResult } from '../../../shared/page-types';
import { deepActiveElement } from '../../snapshot/dom/dom';
import { deepElementFromPoint } from '../../snapshot/geometry/hit-test';
import { type ActionContext, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { keyEvent, parseKey } from '../keyboard/keyboard';
import { nextFrame } from '../pointer/pace';
import { bringIntoView, dispatchClick } from '../pointer/pointer';
import { isArrow, nextSliderKey, overshot, type SliderKey, type SliderState, sameStep } from './slider-keys';
import { parseSliderNumber } from './value-formats';

const MAX_PRESSES = 400;
/** How long a press may take to show in aria-valuenow (a page that renders on the next frame). */
const FRAMES_TO_WAIT = 3;

function reading(slider: Element): { now: number; min: number; max: number } | null {
  const number = (name: string) => parseSliderNumber(slider.getAttribute(name) ?? '');
  const now = number('aria-valuenow');
  if (now === null) return null;
  return { now, min: number('aria-valuemin') ?? 0, max: number('aria-valuemax') ?? 100 };
}

/**
 * Focus the thumb and let the page take the focus in before any key, as a person's key always comes later: a range
 * slider that picks the thumb its keys move from the focus it recorded (Mantine's RangeSlider keeps it in state set
 * by the thumb's focus event and, until that renders, moves the first thumb and focuses it) would otherwise move the
 * other thumb. Again before a press if the page moved focus away from the thumb.
 */
async function focusThumb(slider: Element): Promise<void> {
  if (deepActiveElement(slider.ownerDocument) === slider) return;
  (slider as HTMLElement).focus({ preventScroll: true });
  // A thumb that cannot take focus sent no focus event: nothing to wait for.
  if (deepActiveElement(slider.ownerDocument) === slider) await nextFrame(slider.ownerDocument);
}

async function press(slider: Element, key: string): Promise<number | null> {
  await focusThumb(slider);
  const before = reading(slider)?.now;
  const spec = parseKey(key);
  keyEvent('keydown', slider, spec);
  keyEvent('keyup', slider, spec);
  // React renders a discrete event's update in a microtask; other pages on the next frame.
  await Promise.resolve();
  for (let frame = 0; frame < FRAMES_TO_WAIT && reading(slider)?.now === before; frame++) {
    await nextFrame(slider.ownerDocument);
  }
  // Let the page's effects of that render run before the next key, as a person's next key always comes later:
  // Mantine's ColorSlider (the ColorPicker's alpha slider) keys from a thumb position it copies from the value in an
  // effect, so a key pressed before it ran moved from the old position again and the slider seemed stuck at 0.95.
  const now = reading(slider)?.now ?? null;
  if (now !== before) await nextFrame(slider.ownerDocument);
  return now;
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
