// Finding the position of a slider on a non-linear scale (src/content/actions/values/scaled-range.ts), against a
// model scale: each probe is a write the page would see, so the count matters too.

import { describe, expect, it } from 'vitest';
import { nearestPosition } from '../../../../src/content/actions/values/scaled-range';

function scale(f: (i: number) => number) {
  const probes: number[] = [];
  const shownAt = async (i: number) => {
    probes.push(i);
    return f(i);
  };
  return { shownAt, probes };
}

describe('nearestPosition', () => {
  it('walks a 2^x scale to the position that shows the value, never past it by more than a step', async () => {
    const { shownAt, probes } = scale((i) => 2 ** (i + 3));
    expect(await nearestPosition(2, 8, shownAt, 256)).toEqual({ index: 5, shown: 256 });
    expect(Math.max(...probes)).toBe(5);
    const down = scale((i) => 2 ** (i + 3));
    expect(await nearestPosition(6, 8, down.shownAt, 16)).toEqual({ index: 1, shown: 16 });
    expect(Math.min(...down.probes)).toBe(1);
  });

  it('names the two values either side of one the scale cannot show, and keeps the closer', async () => {
    const { shownAt } = scale((i) => 2 ** i);
    expect(await nearestPosition(0, 11, shownAt, 100)).toEqual({ index: 7, shown: 128, between: [64, 128] });
    expect(await nearestPosition(10, 11, shownAt, 70)).toEqual({ index: 6, shown: 64, between: [64, 128] });
  });

  it('follows a falling scale, and says when the value is past the end', async () => {
    const { shownAt } = scale((i) => 100 - i * i);
    expect(await nearestPosition(2, 10, shownAt, 64)).toEqual({ index: 6, shown: 64 });
    expect(await nearestPosition(3, 10, shownAt, 150)).toEqual({ index: 0, shown: 100, end: 100 });
  });
});
