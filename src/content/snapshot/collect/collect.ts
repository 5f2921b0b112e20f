// One pass over the rendered (flat) tree of the document, its open shadow roots and its same-origin frames, that
// turns the page into items. This is the hot path (10,000 elements in well under 150 ms). It reads only the computed
// properties an element needs (inline boxes have no overflow; a control's children need no cursor), places text
// and inline controls by their block's box, and computes no selectors or XPaths.
//
// With `summarizeOffscreen` (the default viewport snapshot), a block that lies wholly above or below the viewport
// is walked lightly: its content only feeds counts, headings and the digest, so it reads display and position (a
// positioned descendant may still be on screen: it gets the full treatment), visibility and overflow, and no boxes
// (but an overflow: hidden block's, to find a collapsed panel), cursor or opacity. What nobody can see is not
// counted there either: a block with no box at all (checkVisibility: display: none up the tree, as under an `<html>`
// that is display: none) is skipped whole, one with an empty box or cut away by a hiding clip is walked thoroughly
// instead, and a heading, control or text counts only when its own computed visibility is visible (inherited, and a
// child can set it back). Both walks skip the content of a content-visibility: hidden box and of a closed <details>.
// Controls that are clickable only by their cursor are not counted there. find and full snapshots walk everything
// thoroughly.

import type { ScrollState } from '../../../shared/page-types';
import { isMaskHost } from '../../mask/marker';
import { clip, collapse, flatChildren, openShadowRoot, type Rect, type ShadowRootOf } from '../dom/dom';
import {
  type Clip,
  clipForAbsolute,
  isClippedAway,
  isOverflowHiding,
  pushClip,
  type Where,
  whereOf,
} from '../geometry/geometry';
import { describeCoverer, hitTest } from '../geometry/hit-test';
import { HoverReveal } from '../geometry/hover-reveal';
import { coveredBySameWidget } from '../geometry/same-widget';
import { SCROLL_AREA_ROLE, scrollStateOf } from '../geometry/scroll-area';
import { hasPaintedBox, isRendered, isShown, isTiny, isVisuallyHidden } from '../geometry/visibility';
import { behaviouralRole, semanticRole } from '../naming/classify';
import { isListenerCandidate, ListenerProbe, listenerRole, marksDragHandle } from '../naming/listener';
import { accessibleName, LabelIndex, textOf } from '../naming/names';
import { headingLevel, NAME_FROM_CONTENT } from '../naming/roles';
import { isBareNumber, qualifiedNumberName, resizeHandleName } from './context-names';
import { describeControl } from './describe-control';
import type { HeadingItem, Item, PageModel } from './items';
import { isIconName, isIconSized, isPart, isReadableName, partName } from './parts';
import { type Ctx, FrameWalker } from './scope';
import { hasInk, TextBuffer } from './text-buffer';

export interface CollectOptions {
  shadowRootOf?: ShadowRootOf;
  /** Hit-test on-screen controls to mark the covered ones (default true). */
  hitTest?: boolean;
  /** Walk blocks that lie wholly off screen lightly (see above). Default false. */
  summarizeOffscreen?: boolean;
  /** Elements whose content the page keeps changing by itself; their text is marked to stay out of the digest. */
  isVolatile?: (element: Element) => boolean;
  /** Keep on each text line the text nodes it was made of (find). Default false. */
  keepTextNodes?: boolean;
}

/** The largest box a hidden input stands for (CSS px a side); a bigger one is a track, a row or a whole widget. */
const MAX_STAND_IN_PX = 64;
const INVISIBLE_INPUTS = new Set(['range', 'checkbox', 'radio']);

/**
 * An input drawn by the small box around it instead of by itself: a range input hidden the screen-reader way inside
 * the thumb a person drags (MUI's Slider, one per thumb), or a checkbox or radio made transparent over the box the
 * library draws (MUI's Checkbox, in a tree item's row with no label of its own). Returns that box, where the input is
 * listed, so each has a ref of its own; null for anything else.
 */
function standInOf(element: Element, style: CSSStyleDeclaration): Element | null {
  // By name, not instanceof: an element of a same-origin frame belongs to that frame's HTMLInputElement.
  if (element.localName !== 'input') return null;
  const type = (element as HTMLInputElement).type;
  if (!INVISIBLE_INPUTS.has(type)) return null;
  const hidden = isVisuallyHidden(style) || (type !== 'range' && style.opacity === '0');
  if (!hidden || style.visibility !== 'visible') return null;
  const box = element.parentElement;
  if (!box || !isRendered(box)) return null;
  const rect = box.getBoundingClientRect();
  return rect.width <= MAX_STAND_IN_PX && rect.height <= MAX_STAND_IN_PX ? box : null;
}

/** What the row around a stand-in box says besides it: the name of an input that has none of its own. */
function rowText(box: Element): string {
  const row = box.parentElement;
  if (!row) return '';
  const own = box.textContent ?? '';
  return clip(collapse((row.textContent ?? '').replace(own, '')), 40);
}

/** Roles whose icon-only controls, when they have no name at all, are named for what they belong to. */
const UNNAMED_ICONS = new Set(['button', 'link']);
const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'datalist']);
const MAX_HEADING_CHARS = 100;

/** Whether an element holds text of its own (a text child with ink): read without building its textContent. */
function hasOwnText(element: Element): boolean {
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 && /\S/.test((node as Text).data)) return true;
  }
  return false;
}

export function collectPage(doc: Document, options: CollectOptions = {}): PageModel {
  return new Walker(doc, options).run();
}

/** display: contents, inline, or inline-something: no block box of its own. */
function boxlessOrInline(display: string): boolean {
  return display === 'contents' || display.startsWith('inline');
}

function headingItem(level: number, text: string, where: Where, volatile: boolean): HeadingItem {
  return volatile ? { kind: 'heading', level, text, where, volatile } : { kind: 'heading', level, text, where };
}

/** Counts what the walk put out of view inside a scroll area since `start` (its content). */
function countOutOfView(area: ScrollState, items: Item[], start: number): void {
  for (let i = start; i < items.length; i++) {
    const item = items[i] as Item;
    if (item.where === 'in') continue;
    if (item.kind === 'control') area.hiddenControls++;
    else if (item.kind === 'text') area.hiddenTexts++;
  }
}

class Walker extends FrameWalker {
  private readonly labels = new LabelIndex();
  private readonly hover = new HoverReveal();
  private readonly proxied = new Set<Element>();
  private readonly listeners = new ListenerProbe();
  private readonly text: TextBuffer;
  private placedBox: Element | null = null;
  private placedWhere: Where | null = null;

  constructor(
    doc: Document,
    private readonly options: CollectOptions,
  ) {
    super(doc, options.shadowRootOf ?? openShadowRoot);
    this.text = new TextBuffer(this.items, options.keepTextNodes === true);
  }

  run(): PageModel {
    const model = this.walkTop();
    this.flush();
    if (this.options.hitTest !== false) this.markCovered();
    return model;
  }

  protected visit(element: Element, ctx: Ctx): void {
    const tag = element.localName;
    if (SKIP_TAGS.has(tag)) return;
    // Most elements of a big page carry no attributes: one check spares the attribute lookups below.
    const attrs = element.hasAttributes();
    if (attrs && (isMaskHost(element) || element.hasAttribute('inert') || element.hasAttribute('hidden'))) return;
    const style = ctx.scope.win.getComputedStyle(element);
    const display = style.display;
    if (display === 'none') return;
    if (!ctx.volatile && this.options.isVolatile?.(element)) ctx = { ...ctx, volatile: true };
    if (ctx.far) {
      const position = style.position;
      if (position === 'static' || position === 'relative') {
        this.visitFar(element, tag, display, style, ctx, attrs);
        return;
      }
      ctx = { ...ctx, far: null }; // positioned: may well be on screen
    }
    // Inline boxes and display:contents have no overflow and are not blockified by positioning.
    const boxless = display === 'inline' || display === 'contents';
    const shadow = this.shadowRootOf(element);
    const container = element.firstElementChild !== null || shadow !== null;
    // Opacity 0 hides a subtree: containers are pruned at once; a leaf's opacity is read only if it shows something.
    // What a :hover rule of the page reveals stays, marked (hover-reveal.ts).
    let hoverOnly = ctx.hoverOnly === true;
    if (!hoverOnly && style.opacity === '0' && this.hover.reveals(element)) {
      hoverOnly = true;
      ctx = { ...ctx, hoverOnly };
    }
    if (container && !boxless && style.opacity === '0' && !hoverOnly) return;
    const lateOpacity = (!container || boxless) && !hoverOnly;
    const block = !boxless && display !== 'table-cell' && !display.startsWith('inline');
    this.boundary(tag, display, block);

    let area: ScrollState | null = null;
    let clipNow = ctx.clip;
    if (!boxless && clipNow !== ctx.scope.base) {
      const position = style.position;
      if (position === 'fixed') clipNow = ctx.scope.base;
      else if (position === 'absolute') {
        clipNow = clipForAbsolute(ctx.clip, (element as HTMLElement).offsetParent, ctx.scope.base);
      }
    }
    const child: Ctx = { ...ctx, clip: clipNow, boxOwner: block ? element : ctx.boxOwner };
    if (block && this.options.summarizeOffscreen) {
      const far = this.offscreen(element, ctx, clipNow);
      if (far === 'unrendered') return;
      child.far = far;
    }

    const level = headingLevel(element, attrs);
    if (level > 0) {
      if (isShown(style, lateOpacity)) this.heading(element, level, child);
      child.quiet = true;
    } else {
      let role = semanticRole(element, attrs);
      if (!role) {
        const cursor = style.cursor;
        if (!ctx.insideControl) role = behaviouralRole(element, cursor, ctx.parentCursor, attrs);
        else if (ctx.partOf && isPart(element, cursor === 'pointer', ctx.parentCursor === 'pointer', attrs))
          role = 'clickable';
        if (!role && element.childElementCount <= 1 && !hasOwnText(element) && isShown(style, lateOpacity))
          role = this.byListener(element, style, ctx);
        child.parentCursor = cursor;
      }
      if (role) {
        const standIn = this.proxied.has(element) ? null : standInOf(element, style);
        if (standIn) this.control(element, role, standIn, child, true, null);
        else if (isShown(style, lateOpacity)) this.control(element, role, element, child, block, style);
        child.quiet = true;
        child.insideControl = true;
        child.partOf = { element, role };
        // A link's icon inherits its pointer: only a part with a pointer of its own is a control of its own.
        child.parentCursor = style.cursor;
      } else if (tag === 'label') {
        this.label(element as HTMLLabelElement, child, isShown(style, lateOpacity));
      }
    }

    if (tag === 'iframe' || tag === 'frame') {
      if (isShown(style, lateOpacity)) this.enterFrame(element as HTMLIFrameElement, style, child);
      return;
    }
    if (!boxless && container && tag !== 'body' && tag !== 'html' && style.overflowX !== 'visible') {
      // A clip only matters to child elements (text is placed by its block). overflow-x is 'visible' only when
      // overflow-y is 'visible' or 'clip' (CSS Overflow 3), so one read suffices but for `overflow-y: clip` alone.
      const rect = this.rectOf(element, ctx.scope);
      const hides = isOverflowHiding(style.overflowX, style.overflowY);
      child.clip = pushClip(clipNow, element, rect, hides);
      if (!hides) area = this.scrollArea(element, style, rect, clipNow, child);
    }
    const start = this.items.length;
    this.children(element, tag, shadow, child, style, lateOpacity, display);
    if (block) this.flush();
    if (area) countOutOfView(area, this.items, start);
  }

  /**
   * Lists an on-screen scroll area with its scroll state (scroll-area.ts): on its own line when it is no control,
   * on its control's line when it is one (a listbox that scrolls). Returns the state, to count what it hides.
   */
  private scrollArea(
    element: Element,
    style: CSSStyleDeclaration,
    rect: Rect,
    clip: Clip | null,
    ctx: Ctx,
  ): ScrollState | null {
    if (isTiny(rect) || isClippedAway(rect, clip, null) || whereOf(rect, clip, this.viewport) !== 'in') return null;
    const scroll = scrollStateOf(element, style);
    if (!scroll) return null;
    const last = this.items.at(-1);
    if (last?.kind === 'control' && last.element === element) {
      last.info.scroll = scroll;
      return scroll;
    }
    if (!isShown(style, false)) return null;
    this.flush();
    const info = describeControl(
      element,
      SCROLL_AREA_ROLE,
      rect,
      true,
      ctx.scope.frame,
      this.shadowRootOf,
      this.labels,
    );
    info.scroll = scroll;
    this.items.push({ kind: 'control', element, anchor: element, info, where: 'in' });
    return scroll;
  }

  /** The light walk of content in a block wholly above or below the viewport. */
  private visitFar(
    element: Element,
    tag: string,
    display: string,
    style: CSSStyleDeclaration,
    ctx: Ctx,
    attrs: boolean,
  ): void {
    const where = ctx.far as Where;
    const block =
      display !== 'inline' && display !== 'contents' && display !== 'table-cell' && !display.startsWith('inline');
    this.boundary(tag, display, block);
    let child = ctx;
    const level = headingLevel(element, attrs);
    const role = level > 0 ? null : semanticRole(element, attrs);
    if (level > 0) {
      this.flush();
      if (isShown(style, false)) {
        const text = clip(textOf(element, this.shadowRootOf), MAX_HEADING_CHARS);
        if (text) this.items.push(headingItem(level, text, where, ctx.volatile));
      }
      child = { ...ctx, quiet: true };
    } else if (role) {
      this.flush();
      if (isShown(style, false)) {
        const info = describeControl(element, role, null, false, ctx.scope.frame, this.shadowRootOf, this.labels);
        this.items.push({ kind: 'control', element, anchor: element, info, where });
      }
      child = { ...ctx, quiet: true, insideControl: true };
    } else if (tag === 'label' && (element as HTMLLabelElement).control) {
      child = { ...ctx, quiet: true };
    }
    if (tag === 'iframe' || tag === 'frame') {
      this.enterFrame(element as HTMLIFrameElement, style, { ...child, far: null });
      return;
    }
    const shadow = this.shadowRootOf(element);
    if (block && (shadow || element.firstChild) && isOverflowHiding(style.overflowX, style.overflowY)) {
      // A collapsed panel (overflow: hidden, no height): its content is cut away, but for what escapes the clip.
      // The thorough walk sorts that out, item by item.
      const rect = this.rectOf(element, ctx.scope);
      if (isTiny(rect)) {
        const inside: Ctx = { ...child, far: null, boxOwner: element, clip: pushClip(ctx.clip, element, rect, true) };
        this.children(element, tag, shadow, inside, style, false, display);
        this.flush();
        return;
      }
    }
    this.children(element, tag, shadow, child, style, false, display);
    if (block) this.flush();
  }

  /** Block boundaries end a text line; table cells are joined with a bar. */
  private boundary(tag: string, display: string, block: boolean): void {
    if (display === 'table-cell') this.text.cell();
    else if (block || tag === 'br') this.flush();
  }

  /**
   * 'above' or 'below' when the block lies wholly outside the viewport vertically, so its content is walked lightly;
   * null when it is (partly) on screen, and when a light walk would count what nobody sees: a block whose box is
   * empty or cut away by a hiding clip is walked thoroughly, where each item's own box and clips decide.
   * 'unrendered' when the block has no box at all (display: none up the tree, content-visibility: hidden): nothing
   * in it shows.
   */
  private offscreen(element: Element, ctx: Ctx, clip: Clip | null): Where | 'unrendered' | null {
    const rect = this.rectOf(element, ctx.scope);
    let where: Where;
    if (rect.bottom <= this.viewport.top) where = 'above';
    else if (rect.top >= this.viewport.bottom) where = 'below';
    else return null;
    if (!hasPaintedBox(element)) return 'unrendered';
    if (isTiny(rect) || isClippedAway(rect, clip, null)) return null;
    return where;
  }

  private children(
    element: Element,
    tag: string,
    shadow: ShadowRoot | null,
    ctx: Ctx,
    style: CSSStyleDeclaration,
    lateOpacity: boolean,
    display: string,
  ): void {
    const nodes = shadow || tag === 'slot' ? flatChildren(element, this.shadowRootOf) : null;
    let node = nodes ? nodes[0] : element.firstChild;
    if (!node) return;
    // The browser skips the content of a content-visibility: hidden block (read on blocks only: inline boxes and
    // display: contents have none, and an inline-block that hides its content is rare), and that of a closed
    // <details> but for its first <summary>.
    if (!boxlessOrInline(display) && style.contentVisibility === 'hidden') return;
    const closed = tag === 'details' && !(element as HTMLDetailsElement).open;
    let summary = false;
    let visible: boolean | undefined;
    let i = 0;
    for (; node; node = nodes ? nodes[++i] : node.nextSibling) {
      if (closed) {
        if (summary || node.nodeType !== 1 || (node as Element).localName !== 'summary') continue;
        summary = true;
      }
      if (node.nodeType === 1) {
        this.visit(node as Element, ctx);
        continue;
      }
      if (node.nodeType !== 3 || ctx.quiet) continue;
      const data = node.nodeValue ?? '';
      if (!hasInk(data)) {
        if (data) this.text.space();
        continue;
      }
      visible ??= isShown(style, lateOpacity);
      if (!visible) continue;
      if (ctx.far) {
        this.text.add(data, ctx.far, ctx.volatile, node as Text);
        continue;
      }
      const where = this.placeInBlock(ctx);
      if (where) this.text.add(data, where, ctx.volatile, node as Text);
    }
  }

  /**
   * Where the block box of `ctx` sits, or null when size, a hiding clip or content the browser skips makes it
   * invisible (cached per block).
   */
  private placeInBlock(ctx: Ctx): Where | null {
    if (ctx.boxOwner === this.placedBox) return this.placedWhere;
    this.placedBox = ctx.boxOwner;
    const rect = this.rectOf(ctx.boxOwner, ctx.scope);
    const tiny = rect.right - rect.left <= 1 && rect.bottom - rect.top <= 1;
    const hidden = tiny || isClippedAway(rect, ctx.clip, null) || !hasPaintedBox(ctx.boxOwner);
    this.placedWhere = hidden ? null : whereOf(rect, ctx.clip, this.viewport);
    return this.placedWhere;
  }

  protected flush(): void {
    this.text.flush();
  }

  private heading(element: Element, level: number, ctx: Ctx): void {
    const rect = this.rectOf(element, ctx.scope);
    if (rect.right - rect.left <= 1 || isClippedAway(rect, ctx.clip, null) || !hasPaintedBox(element)) return;
    const text = clip(textOf(element, this.shadowRootOf), MAX_HEADING_CHARS);
    if (!text) return;
    this.flush();
    this.items.push(headingItem(level, text, whereOf(rect, ctx.clip, this.viewport), ctx.volatile));
  }

  /**
   * Lists `element`, placed at `anchor`'s box (a hidden input is placed at its visible label). `style` is the
   * element's own, to catch visually hidden controls; null for a label standing in.
   */
  private control(
    element: Element,
    role: string,
    anchor: Element,
    ctx: Ctx,
    ownBlock: boolean,
    style: CSSStyleDeclaration | null,
  ): void {
    this.flush();
    const frame = ctx.scope.frame;
    // An inline control in a block that is wholly off screen is off screen too: no box of its own needed.
    if (!ownBlock && anchor === element) {
      const blockWhere = this.placeInBlock(ctx);
      if (blockWhere === null) return;
      if (blockWhere !== 'in') {
        const info = describeControl(element, role, null, false, frame, this.shadowRootOf, this.labels);
        this.items.push({ kind: 'control', element, anchor, info, where: blockWhere });
        return;
      }
    }
    const rect = this.rectOf(anchor, ctx.scope);
    if (isTiny(rect) || isClippedAway(rect, ctx.clip, null)) return;
    if ((style && isVisuallyHidden(style)) || !hasPaintedBox(anchor)) return;
    const where = whereOf(rect, ctx.clip, this.viewport);
    const info = describeControl(element, role, rect, where === 'in', frame, this.shadowRootOf, this.labels);
    // An icon button with no name at all (a pill's "×", a calendar header's arrow) is named like a part.
    if (role === 'clickable' || (!info.name && UNNAMED_ICONS.has(role))) this.nameIcon(element, info, ctx);
    if (!info.name && anchor !== element && anchor.localName !== 'label') info.name = rowText(anchor);
    // A handle known only by its cursor, and a cell that reads "14" in each of three columns, are named by what is
    // around them (context-names.ts).
    if (!info.name && role === 'separator') info.name = resizeHandleName(element);
    else if (NAME_FROM_CONTENT.has(role) && isBareNumber(info.name))
      info.name = qualifiedNumberName(element, info.name);
    if (ctx.hoverOnly) info.hiddenUntilHover = true;
    this.items.push({ kind: 'control', element, anchor, info, where });
  }

  /**
   * The role of a small handle or icon the page made a control only by its listener, or marked a drag handle by its
   * touch-action (naming/listener.ts).
   */
  private byListener(element: Element, style: CSSStyleDeclaration, ctx: Ctx): string | null {
    const probed = this.listeners.available(element.ownerDocument);
    const dragOnly = !ctx.insideControl && marksDragHandle(style);
    if (!probed && !dragOnly) return null;
    const rect = this.rectOf(element, ctx.scope);
    if (!isListenerCandidate(element, rect.right - rect.left, rect.bottom - rect.top)) return null;
    return (probed ? listenerRole(element, this.listeners) : null) ?? (dragOnly ? 'separator' : null);
  }

  /** An icon control (a part of a control, or a "×" beside a tag's text) is named for what it belongs to. */
  private nameIcon(element: Element, info: { name: string; box: { width: number; height: number } }, ctx: Ctx): void {
    if (!ctx.partOf && !isIconSized(info.box)) return;
    if (!ctx.partOf && isReadableName(info.name) && !isIconName(info.name)) return;
    let owner = '';
    if (ctx.partOf) owner = accessibleName(ctx.partOf.element, ctx.partOf.role, this.shadowRootOf, this.labels);
    else if (element.parentElement) {
      const own = element.textContent ?? '';
      owner = (element.parentElement.textContent ?? '').replace(own, '');
    }
    info.name = partName(element, info.name, owner);
  }

  /** A label names its control; when the control itself is invisible (a styled checkbox), the label stands in. */
  private label(label: HTMLLabelElement, ctx: Ctx, shown: boolean): void {
    const control = label.control;
    if (!control) return;
    ctx.quiet = true;
    if (!shown || this.proxied.has(control) || isRendered(control)) return;
    const role = semanticRole(control);
    if (!role) return;
    this.proxied.add(control);
    this.control(control, role, label, ctx, true, null);
  }

  private markCovered(): void {
    const controls = new Set<Element>();
    for (const item of this.items) if (item.kind === 'control') controls.add(item.element);
    const isControl = (element: Element) => controls.has(element);
    for (const item of this.items) {
      if (item.kind !== 'control' || item.where !== 'in') continue;
      const result = hitTest(item.anchor, this.shadowRootOf);
      if (result.receives || !result.hit) continue;
      // A part of the control's own widget over it (a select's value overlay) takes the click for it (PT-C1).
      if (coveredBySameWidget(item.anchor, result.hit, isControl)) continue;
      item.info.coveredBy = describeCoverer(result.hit, this.shadowRootOf);
    }
  }
}
