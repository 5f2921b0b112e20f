// The pointer side of a drag, as a mouse plays it: press on the source, moves along the path (each dispatched to
// what lies under the pointer then, so listeners on the document and on drop zones both hear it), release at the
// end. A draggable source whose press the page did not cancel starts the browser's drag-and-drop instead once the
// pointer moves (html5-drag.ts): the pointer gets pointercancel and the drag events take over, so a drop happens once,
// by one of the two sequences, never both.

import type { ShadowRootOf } from '../../snapshot/dom/dom';
import { deepElementFromPoint } from '../../snapshot/geometry/hit-test';
import { dragPath, type Point } from './drag-path';
import { draggableOf, Html5Drag, type NativeDrop } from './html5-drag';
import { nextFrame } from './pace';
import { dispatchHover, mouse, moveFocus, pointer } from './pointer';

/** Chrome starts a drag-and-drop once the pointer moved a few pixels from the press (its drag threshold). */
const NATIVE_DRAG_THRESHOLD_PX = 4;

export interface DragOutcome {
  /** Set when the browser's drag-and-drop ran: whether an element accepted the drop. */
  native: NativeDrop | null;
}

export async function playDrag(
  source: Element,
  from: Point,
  to: Point,
  shadowRootOf: ShadowRootOf,
): Promise<DragOutcome> {
  const doc = source.ownerDocument;
  const under = (point: Point) => deepElementFromPoint(doc, point.x, point.y, shadowRootOf) ?? doc.documentElement;
  dispatchHover(source, from.x, from.y);
  const pointerDown = pointer('pointerdown', source, from.x, from.y, 1);
  // A cancelled pointerdown suppresses the compatibility mouse events (Pointer Events §11), as in dispatchClick.
  const mouseDown = pointerDown ? mouse('mousedown', source, from.x, from.y, 1, { detail: 1 }) : true;
  if (mouseDown) moveFocus(source);
  // A cancelled mousedown is how pages keep the browser from starting its own drag (dnd-kit, splitters).
  const draggable = mouseDown ? draggableOf(source) : null;
  // An element that captured the pointer gets its moves wherever the pointer is (Pointer Events §10).
  const captured = source.hasPointerCapture?.(1) === true;
  let native: Html5Drag | null = null;
  let nativeTried = false;
  for (const point of dragPath(from, to)) {
    await nextFrame(doc);
    const at = under(point);
    if (native) {
      native.move(at, point);
      continue;
    }
    if (draggable && !nativeTried && Math.hypot(point.x - from.x, point.y - from.y) >= NATIVE_DRAG_THRESHOLD_PX) {
      nativeTried = true;
      native = Html5Drag.start(draggable, point);
      if (native) {
        pointer('pointercancel', source, point.x, point.y, 0);
        native.move(at, point);
        continue;
      }
    }
    const receiver = captured ? source : at;
    pointer('pointermove', receiver, point.x, point.y, 1);
    if (pointerDown) mouse('mousemove', receiver, point.x, point.y, 1);
  }
  await nextFrame(doc);
  if (native) return { native: native.finish(to) };
  const end = captured ? source : under(to);
  pointer('pointerup', end, to.x, to.y, 0);
  if (pointerDown) mouse('mouseup', end, to.x, to.y, 0, { detail: 1 });
  // No click follows: after a drag, libraries drop the click a browser would send to the common ancestor, and a
  // click on the source would open or toggle it on pages that do not.
  return { native: null };
}
