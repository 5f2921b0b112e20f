// The points a dragging pointer passes through. Libraries start a drag only after the pointer moved past an
// activation distance (dnd-kit's PointerSensor `activationConstraint.distance`, react-beautiful-dnd's 5 px "sloppy
// click" threshold), and work out what lies under it on each move, so the path starts with small steps, crosses the
// way in steps of at most MAX_STEP_PX, and ends with a second move on the end point (sortable lists settle the
// position they show on the move after the one that reached it).

export interface Point {
  x: number;
  y: number;
}

export const MAX_STEP_PX = 24;
const FIRST_STEPS_PX = [2, 6, 12];
const MIN_STEPS = 4;

export function dragPath(from: Point, to: Point): Point[] {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy);
  if (length < 1) return [to, to];
  const at = (distance: number): Point => ({
    x: from.x + (dx * distance) / length,
    y: from.y + (dy * distance) / length,
  });
  const points: Point[] = [];
  let covered = 0;
  for (const step of FIRST_STEPS_PX) {
    if (step >= length) break;
    points.push(at(step));
    covered = step;
  }
  const rest = length - covered;
  const count = Math.max(MIN_STEPS, Math.ceil(rest / MAX_STEP_PX));
  for (let i = 1; i <= count; i++) points.push(at(covered + (rest * i) / count));
  points.push(to);
  return points.map(round);
}

function round(point: Point): Point {
  return { x: Math.round(point.x * 100) / 100, y: Math.round(point.y * 100) / 100 };
}
