// @vitest-environment jsdom
// The `at` argument of the pointer actions: fractions of the element's box, checked, and the point they name
// (src/content/actions/pointer/aim-point.ts).

import { describe, expect, it } from 'vitest';
import { parseBoxPoint, pointInBox } from '../../../../src/content/actions/pointer/aim-point';

const box = { left: 100, top: 50, width: 200, height: 40 } as DOMRect;

describe('a point inside a box', () => {
  it('maps fractions of the width and height to a viewport point', () => {
    expect(pointInBox(box, { x: 0.25, y: 0.5 })).toEqual({ x: 150, y: 70 });
  });

  it('keeps the edges half a pixel inside, so 0 and 1 still land on the element', () => {
    expect(pointInBox(box, { x: 0, y: 0 })).toEqual({ x: 100.5, y: 50.5 });
    expect(pointInBox(box, { x: 1, y: 1 })).toEqual({ x: 299.5, y: 89.5 });
  });

  it('takes fractions from 0 to 1 and refuses anything else with the form it wants', () => {
    expect(parseBoxPoint({ x: 0, y: 1 })).toEqual({ x: 0, y: 1 });
    for (const bad of [{ x: 2, y: 0.5 }, { x: -0.1, y: 0 }, { x: '0.5', y: 0.5 }, null, { x: 0.5 }]) {
      expect(() => parseBoxPoint(bad)).toThrow(/fractions from 0 to 1/);
    }
  });
});
