// Choosing the key that brings an ARIA slider closer to a value (src/content/actions/slider-keys.ts), played against a
// model slider so the whole sequence of presses is checked, not one choice.

import { describe, expect, it } from 'vitest';
import { nextSliderKey, overshot, type SliderKey, type SliderState } from '../../../src/content/actions/slider-keys';

/** A slider of the APG pattern: arrows move `step`, Page keys `page`, Home and End to the ends. */
function play(start: number, target: number, step: number, page: number, min = 0, max = 100) {
  const state: SliderState = { now: start, min, max };
  const keys: SliderKey[] = [];
  for (let i = 0; i < 200; i++) {
    const key = nextSliderKey(state, target);
    if (!key) break;
    keys.push(key);
    const before = state.now;
    const delta = { ArrowRight: step, ArrowLeft: -step, PageUp: page, PageDown: -page, Home: -Infinity, End: Infinity }[
      key
    ];
    state.now = Math.max(min, Math.min(max, before + delta));
    if (key.startsWith('Arrow')) state.arrowStep = Math.abs(state.now - before);
    if (key.startsWith('Page')) state.pageStep = Math.abs(state.now - before);
    if (overshot(before, state.now, target)) {
      if (key.startsWith('Page')) state.arrowsOnly = true;
      else break;
    }
  }
  return { keys, reached: state.now };
}

describe('slider keys', () => {
  it('goes to the ends with Home and End', () => {
    expect(play(40, 0, 5, 20)).toEqual({ keys: ['Home'], reached: 0 });
    expect(play(40, 100, 5, 20)).toEqual({ keys: ['End'], reached: 100 });
  });

  it('steps with arrows when close, both ways', () => {
    expect(play(20, 35, 5, 20)).toEqual({ keys: ['ArrowRight', 'ArrowRight', 'ArrowRight'], reached: 35 });
    expect(play(20, 10, 5, 20)).toEqual({ keys: ['ArrowLeft', 'ArrowLeft'], reached: 10 });
  });

  it('pages over a long way once an arrow showed the step, and never pages past the value', () => {
    const { keys, reached } = play(0, 90, 1, 10, 0, 100);
    expect(reached).toBe(90);
    expect(keys[0]).toBe('ArrowRight');
    expect(keys.filter((k) => k === 'PageUp').length).toBeGreaterThanOrEqual(7);
    expect(keys.length).toBeLessThan(20);
  });

  it('stops at the closest value when the steps do not reach the target', () => {
    expect(play(20, 67, 5, 20).reached).toBe(65);
    expect(play(20, 68, 5, 20).reached).toBe(70);
    const state: SliderState = { now: 65, min: 0, max: 100, arrowStep: 5 };
    expect(nextSliderKey(state, 67)).toBeNull();
  });

  it('falls back to arrows when a Page key turns out to be bigger than the way left', () => {
    // Page keys of 30 from 0 to 50: one page to 30, then arrows (a second page would pass 50).
    const { keys, reached } = play(0, 50, 1, 30, 0, 100);
    expect(reached).toBe(50);
    expect(keys.filter((k) => k === 'PageUp')).toHaveLength(1);
  });

  it('tells an overshoot from a step towards the value', () => {
    expect(overshot(60, 70, 67)).toBe(true);
    expect(overshot(70, 60, 67)).toBe(true);
    expect(overshot(60, 65, 67)).toBe(false);
  });
});
