// What the snapshot says about one control: role, name, state, box, frame, link target.

import type { SnapshotElement } from '../../../shared/page-types';
import type { Rect, ShadowRootOf } from '../dom/dom';
import { boxOf } from '../geometry/visibility';
import { accessibleName, type LabelIndex } from '../naming/names';
import { informativeInputType } from '../naming/roles';
import { elementState } from '../naming/state';

export function describeControl(
  element: Element,
  role: string,
  rect: Rect | null,
  inViewport: boolean,
  frame: number | undefined,
  shadowRootOf: ShadowRootOf,
  labels: LabelIndex,
): SnapshotElement {
  const info: SnapshotElement = {
    // Refs are handed out only to controls the model can see (takeSnapshot, find): see assignRefs.
    ref: 0,
    role,
    name: accessibleName(element, role, shadowRootOf, labels),
    tag: element.localName,
    inViewport,
    box: rect ? boxOf(rect) : { x: 0, y: 0, width: 0, height: 0 },
    ...elementState(element, role),
  };
  if (frame !== undefined) info.frame = frame;
  const inputType = informativeInputType(element);
  if (inputType) info.inputType = inputType;
  if (role === 'link') {
    // Resolving an href costs a URL serialization: only for what is on screen; off-screen links keep the raw
    // attribute, which is enough for the digest.
    const href = rect ? (element as HTMLAnchorElement).href : element.getAttribute('href');
    if (href) info.href = href;
  }
  return info;
}
