// The points a drag passes through (src/content/actions/pointer/drag-path.ts): small first steps for activation
// distances, no step longer than MAX_STEP_PX, and the end point twice.

import { describe, expect, it } from 'vitest';
import { dragPath, MAX_STEP_PX } from '../../../../src/content/actions/pointer/drag-path';

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('drag path', () => {
  it('starts with moves of a few pixels, so activation distances are crossed by a moving pointer', () => {
    const path = dragPath({ x: 100, y: 100 }, { x: 100, y: 300 });
    expect(path.slice(0, 3)).toEqual([
      { x: 100, y: 102 },
      { x: 100, y: 106 },
      { x: 100, y: 112 },
    ]);
  });

  it('crosses the way in steps of at most MAX_STEP_PX and ends on the end point twice', () => {
    const from = { x: 10, y: 20 };
    const to = { x: 400, y: 260 };
    const path = dragPath(from, to);
    const steps = path.slice(1).map((point, i) => distance(point, path[i] as { x: number; y: number }));
    expect(Math.max(...steps)).toBeLessThanOrEqual(MAX_STEP_PX + 0.01);
    expect(path.at(-1)).toEqual(to);
    expect(path.at(-2)).toEqual(to);
  });

  it('moves a short way in several steps too', () => {
    const path = dragPath({ x: 0, y: 0 }, { x: 10, y: 0 });
    expect(path.length).toBeGreaterThanOrEqual(5);
    expect(path.every((p) => p.x <= 10 && p.y === 0)).toBe(true);
  });
});
