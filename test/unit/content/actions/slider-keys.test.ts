// Choosing the key that brings an ARIA slider closer to a value (src/content/actions/values/slider-keys.ts), played against a
// model slider so the whole sequence of presses is checked, not one choice.

import { describe, expect, it } from 'vitest';
import {
  isArrow,
  nextSliderKey,
  overshot,
  type SliderKey,
  type SliderState,
  sameStep,
} from '../../../../src/content/actions/values/slider-keys';

type Model = {
  step: number;
  page: number;
  min?: number;
  max?: number;
  keys?: readonly SliderKey[];
  /** The only values it takes (a marks-only slider), when not every step. */
  stops?: readonly number[];
};

/** A slider of the APG pattern: arrows move `step`, Page keys `page`, Home and End to the ends; only `keys` work. */
function play(start: number, target: number, { step, page, min = 0, max = 100, keys: works, stops }: Model) {
  const dead = new Set<SliderKey>();
  const state: SliderState = { now: start, min, max, dead };
  const keys: SliderKey[] = [];
  const deltas: Record<SliderKey, number> = {
    ArrowRight: step,
    ArrowUp: step,
    ArrowLeft: -step,
    ArrowDown: -step,
    PageUp: page,
    PageDown: -page,
    Home: -Infinity,
    End: Infinity,
  };
  for (let i = 0; i < 200; i++) {
    const key = nextSliderKey(state, target);
    if (!key) break;
    keys.push(key);
    const before = state.now;
    if (works && !works.includes(key)) {
      dead.add(key);
      continue;
    }
    state.now = Math.max(min, Math.min(max, before + deltas[key]));
    if (stops && isArrow(key)) {
      const next = deltas[key] > 0 ? stops.find((s) => s > before) : stops.findLast((s) => s < before);
      state.now = next ?? before;
    }
    if (isArrow(key)) {
      const moved = Math.abs(state.now - before);
      state.evenSteps = state.arrowStep !== undefined && sameStep(state.arrowStep, moved);
      state.arrowStep = moved;
    }
    if (key.startsWith('Page')) state.pageStep = Math.abs(state.now - before);
    if (overshot(before, state.now, target)) {
      if (!isArrow(key)) state.arrowsOnly = true;
      else break;
    }
  }
  return { keys, reached: state.now };
}

describe('slider keys', () => {
  it('goes to the ends with Home and End', () => {
    expect(play(40, 0, { step: 5, page: 20 })).toEqual({ keys: ['Home'], reached: 0 });
    expect(play(40, 100, { step: 5, page: 20 })).toEqual({ keys: ['End'], reached: 100 });
  });

  it('steps with arrows when close, both ways', () => {
    expect(play(20, 35, { step: 5, page: 20 })).toEqual({
      keys: ['ArrowRight', 'ArrowRight', 'ArrowRight'],
      reached: 35,
    });
    expect(play(20, 10, { step: 5, page: 20 })).toEqual({ keys: ['ArrowLeft', 'ArrowLeft'], reached: 10 });
  });

  it('pages over a long way once an arrow showed the step, and never pages past the value', () => {
    const { keys, reached } = play(0, 90, { step: 1, page: 10 });
    expect(reached).toBe(90);
    expect(keys[0]).toBe('ArrowRight');
    expect(keys.filter((k) => k === 'PageUp').length).toBeGreaterThanOrEqual(7);
    expect(keys.length).toBeLessThan(20);
  });

  it('stops at the closest value when the steps do not reach the target', () => {
    expect(play(20, 67, { step: 5, page: 20 }).reached).toBe(65);
    expect(play(20, 68, { step: 5, page: 20 }).reached).toBe(70);
    const state: SliderState = { now: 65, min: 0, max: 100, arrowStep: 5, evenSteps: true };
    expect(nextSliderKey(state, 67)).toBeNull();
  });

  it('tries one more press when the steps were uneven, as marks-only sliders have a stop beside the value', () => {
    const stops = [0, 26, 37, 40, 100];
    // 100 to 40 is a step of 60: 37, three away, is still a stop of its own.
    expect(play(100, 37, { step: 1, page: 10, stops, keys: ['ArrowLeft', 'ArrowRight'] }).reached).toBe(37);
    expect(nextSliderKey({ now: 40, min: 0, max: 100, arrowStep: 60 }, 37)).toBe('ArrowLeft');
    expect(sameStep(0.95 - 0.9, 0.05)).toBe(true);
  });

  it('falls back to arrows when a Page key turns out to be bigger than the way left', () => {
    // Page keys of 30 from 0 to 50: one page to 30, then arrows (a second page would pass 50).
    const { keys, reached } = play(0, 50, { step: 1, page: 30 });
    expect(reached).toBe(50);
    expect(keys.filter((k) => k === 'PageUp')).toHaveLength(1);
  });

  it('leaves keys a slider does not implement: no Page keys, no Home, only Up and Down', () => {
    const noPage = play(0, 40, { step: 2, page: 10, keys: ['ArrowRight', 'ArrowLeft', 'Home', 'End'] });
    expect(noPage.reached).toBe(40);
    expect(noPage.keys.filter((k) => k === 'PageUp')).toHaveLength(1);
    const noHome = play(30, 0, { step: 10, page: 10, keys: ['ArrowLeft', 'ArrowRight'] });
    expect(noHome).toEqual({ keys: ['Home', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft'], reached: 0 });
    const vertical = play(30, 50, { step: 10, page: 10, keys: ['ArrowUp', 'ArrowDown'] });
    expect(vertical).toEqual({ keys: ['ArrowRight', 'ArrowUp', 'ArrowUp'], reached: 50 });
  });

  it('gives up when no key moves it', () => {
    expect(play(30, 50, { step: 10, page: 10, keys: [] }).reached).toBe(30);
  });

  it('tells an overshoot from a step towards the value', () => {
    expect(overshot(60, 70, 67)).toBe(true);
    expect(overshot(70, 60, 67)).toBe(true);
    expect(overshot(60, 65, 67)).toBe(false);
  });
});
