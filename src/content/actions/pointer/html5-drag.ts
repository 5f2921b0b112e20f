// The HTML drag-and-drop events a browser fires for a draggable source (HTML §6.11.5, drag-and-drop processing
// model), with one DataTransfer shared from dragstart to dragend as the page expects: dragstart on the source (a
// cancelled dragstart means no drag), then on each move drag on the source, dragenter on a new element under the
// pointer before dragleave on the old one, dragover on the current one (cancelled = it accepts a drop); at the end,
// drop on the current element if its last dragover accepted, and dragend on the source.

import { windowOf } from '../../snapshot/dom/dom';
import type { Point } from './drag-path';

export type NativeDrop = 'dropped' | 'refused';

function fire(
  type: string,
  target: Element,
  point: Point,
  data: DataTransfer,
  extra: { relatedTarget?: Element | null; cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(
    new DragEvent(type, {
      bubbles: true,
      cancelable: extra.cancelable ?? true,
      composed: true,
      clientX: point.x,
      clientY: point.y,
      button: 0,
      buttons: type === 'dragend' || type === 'drop' ? 0 : 1,
      view: windowOf(target),
      dataTransfer: data,
      relatedTarget: extra.relatedTarget ?? null,
    }),
  );
}

/** The draggable element a press on `element` would drag: the nearest one whose `draggable` is true. */
export function draggableOf(element: Element): HTMLElement | null {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if ((node as HTMLElement).draggable === true) return node as HTMLElement;
  }
  return null;
}

export class Html5Drag {
  private current: Element | null = null;
  private accepts = false;

  private constructor(
    private readonly source: Element,
    private readonly data: DataTransfer,
  ) {}

  /** Fires dragstart; null when the page cancelled it, in which case the mouse events go on as a plain drag. */
  static start(source: Element, point: Point): Html5Drag | null {
    const data = new DataTransfer();
    data.effectAllowed = 'all';
    return fire('dragstart', source, point, data) ? new Html5Drag(source, data) : null;
  }

  move(under: Element, point: Point): void {
    fire('drag', this.source, point, this.data);
    if (under !== this.current) {
      fire('dragenter', under, point, this.data, { relatedTarget: this.current });
      if (this.current) fire('dragleave', this.current, point, this.data, { relatedTarget: under, cancelable: false });
      this.current = under;
    }
    this.data.dropEffect = 'move';
    this.accepts = !fire('dragover', under, point, this.data);
  }

  finish(point: Point): NativeDrop {
    const target = this.current;
    const dropped = target !== null && this.accepts;
    if (dropped) fire('drop', target, point, this.data);
    else {
      if (target) fire('dragleave', target, point, this.data, { cancelable: false });
      this.data.dropEffect = 'none';
    }
    fire('dragend', this.source, point, this.data, { cancelable: false });
    return dropped ? 'dropped' : 'refused';
  }
}
