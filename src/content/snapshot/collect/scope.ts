// The part of the walk that deals with documents: the top document, the same-origin frames it walks into (with
// their offsets and the frame box as a clip), and the cross-origin frames it can only list.

import type { Box } from '../../../shared/page-types';
import { type Rect, type ShadowRootOf, safeContentDocument } from '../dom/dom';
import { framePath } from '../dom/frame-path';
import { type Clip, pushClip, toRect, type Where, whereOf } from '../geometry/geometry';
import type { Item, PageModel } from './items';

export interface Scope {
  win: Window;
  /** Index of the same-origin frame being walked; undefined in the top document. */
  frame: number | undefined;
  dx: number;
  dy: number;
  /** The clip of the frame itself (its box), or null in the top document. */
  base: Clip | null;
}

export interface Ctx {
  scope: Scope;
  clip: Clip | null;
  /** Text here names a control, a label or a heading: do not repeat it as page text. */
  quiet: boolean;
  insideControl: boolean;
  /** The parent's computed cursor: a cursor it inherits does not make an element a control. */
  parentCursor: string;
  /** Inside a control: the control and its name, for parts of it that get their own ref (parts.ts). */
  partOf?: { element: Element; role: string };
  /** Inside an element that is transparent until the pointer is over it (hover-reveal.ts). */
  hoverOnly?: boolean;
  /** The nearest block box: text and inline controls are placed by it. */
  boxOwner: Element;
  /** Set inside a block wholly above or below the viewport, when off-screen content is only summarized. */
  far: Where | null;
  /** Inside content the page keeps changing by itself: shown, but left out of the digest. */
  volatile: boolean;
}

export abstract class FrameWalker {
  protected readonly items: Item[] = [];
  protected readonly viewport: Rect;
  private readonly frames: { src: string; box: Box; path?: string }[] = [];
  private frameCount = 0;

  constructor(
    protected readonly doc: Document,
    protected readonly shadowRootOf: ShadowRootOf,
  ) {
    const root = doc.documentElement;
    this.viewport = { left: 0, top: 0, right: root.clientWidth, bottom: root.clientHeight };
  }

  protected abstract visit(element: Element, ctx: Ctx): void;
  protected abstract flush(): void;

  protected walkTop(): PageModel {
    const win = this.doc.defaultView;
    const root = this.doc.body ?? this.doc.documentElement;
    if (win && root) {
      const scope: Scope = { win, frame: undefined, dx: 0, dy: 0, base: null };
      this.visit(root, {
        scope,
        clip: null,
        quiet: false,
        insideControl: false,
        parentCursor: '',
        boxOwner: root,
        far: null,
        volatile: false,
      });
    }
    const el = this.doc.documentElement;
    const viewport = {
      width: el.clientWidth,
      height: el.clientHeight,
      scrollX: Math.round(win?.scrollX ?? 0),
      scrollY: Math.round(win?.scrollY ?? 0),
      pageWidth: el.scrollWidth,
      pageHeight: el.scrollHeight,
    };
    return { items: this.items, viewport, crossOriginFrames: this.frames };
  }

  protected rectOf(element: Element, scope: Scope): Rect {
    return toRect(element.getBoundingClientRect(), scope.dx, scope.dy);
  }

  /** Walks into a same-origin frame, or lists a cross-origin one. */
  protected enterFrame(frame: HTMLIFrameElement, style: CSSStyleDeclaration, ctx: Ctx): void {
    const rect = this.rectOf(frame, ctx.scope);
    const width = rect.right - rect.left;
    const height = rect.bottom - rect.top;
    if (width <= 1 || height <= 1) return;
    const doc = safeContentDocument(frame);
    const win = doc?.defaultView;
    const body = doc?.body ?? doc?.documentElement;
    this.flush();
    if (!doc || !win || !body) {
      const src = frame.src || frame.getAttribute('src') || 'about:blank';
      const box = {
        x: Math.round(rect.left),
        y: Math.round(rect.top),
        width: Math.round(width),
        height: Math.round(height),
      };
      // Its path in the tab's frame tree lets the panel find the frame's own script (decision 0021).
      const path = framePath(frame.contentWindow) ?? undefined;
      const where = whereOf(rect, ctx.clip, this.viewport);
      this.frames.push(path === undefined ? { src, box } : { src, box, path });
      this.items.push(
        path === undefined ? { kind: 'frame', src, box, where } : { kind: 'frame', src, box, where, path },
      );
      return;
    }
    const dx = rect.left + frame.clientLeft + Number.parseFloat(style.paddingLeft);
    const dy = rect.top + frame.clientTop + Number.parseFloat(style.paddingTop);
    const inner = { left: dx, top: dy, right: dx + frame.clientWidth, bottom: dy + frame.clientHeight };
    const base = pushClip(ctx.clip, frame, inner, false);
    const scope: Scope = { win, frame: this.frameCount++, dx, dy, base };
    this.visit(body, {
      scope,
      clip: base,
      quiet: false,
      insideControl: false,
      parentCursor: '',
      boxOwner: body,
      far: null,
      volatile: false,
    });
    this.flush();
  }
}
