// The pointer actions beyond click and hover: double_click, right_click, drag and set_value. Like the other page
// tools they act on (tabId, snapshotId) and report the postcondition the page checked (docs/snapshot-format.md,
// What actions return).

import { z } from 'zod';
import { callOptions, defineTool, pageOf, refLabel, reportAction } from './common';
import { refusedNavigation } from './navigation-gate';

const ref = z.number().int().nonnegative().describe('The element ref from the latest observation, e.g. 12 for [12].');

/** A point inside the element's box as fractions of its width and height; the centre when absent. */
export const at = z
  .object({
    x: z.number().min(0).max(1).describe('0 = left edge, 1 = right edge of the element.'),
    y: z.number().min(0).max(1).describe('0 = top edge, 1 = bottom edge of the element.'),
  })
  .strict()
  .describe(
    'Where inside the element to press, as fractions of its box: {x: 0.5, y: 0.5} is the centre, {x: 0.8, y: 0.5} ' +
      'the right part. For canvases, colour areas, meters, rating stars and other controls that act on the point ' +
      'pressed. Default: the centre.',
  );

const pointerSchema = z.object({ ref, at: at.optional() }).strict();

export const doubleClick = defineTool({
  name: 'double_click',
  description:
    'Double-click an element (opens a cell or item for editing, selects a word, expands a tree node on some ' +
    'sites). Optional `at` aims at a point inside it.',
  schema: pointerSchema,
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const handle = pageOf(ctx);
    const { page, snapshotId } = handle;
    const what = `double_click ${refLabel(ctx, input.ref)}`;
    const refused = await refusedNavigation(ctx, handle, { ref: input.ref, via: 'click' }, what);
    if (refused) return refused;
    const result = await page.doubleClick(
      { ref: input.ref, snapshotId, ...(input.at ? { at: input.at } : {}) },
      callOptions(ctx),
    );
    return reportAction(`double_click ${refLabel(ctx, input.ref)}`, result, ctx, [input.ref]);
  },
});

export const rightClick = defineTool({
  name: 'right_click',
  description:
    'Right-click an element to open the context menu the page draws itself (file lists, trees, editors). The ' +
    "browser's own context menu cannot be used. Optional `at` aims at a point inside it.",
  schema: pointerSchema,
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const { page, snapshotId } = pageOf(ctx);
    const result = await page.rightClick(
      { ref: input.ref, snapshotId, ...(input.at ? { at: input.at } : {}) },
      callOptions(ctx),
    );
    return reportAction(`right_click ${refLabel(ctx, input.ref)}`, result, ctx, [input.ref]);
  },
});

export const drag = defineTool({
  name: 'drag',
  description:
    'Drag an element with the mouse: onto another element (toRef), or by dx/dy CSS pixels. Reorders sortable ' +
    'lists and boards, moves items into drop zones, resizes split panes, moves slider handles. Verified only ' +
    'when the page ended changed (new order, size or value).',
  schema: z
    .object({
      ref: ref.describe('The element to drag (an item, its drag handle, a splitter).'),
      toRef: ref.optional().describe('Drop onto the centre of this element.'),
      dx: z.number().min(-10_000).max(10_000).optional().describe('Move this many pixels right (negative: left).'),
      dy: z.number().min(-10_000).max(10_000).optional().describe('Move this many pixels down (negative: up).'),
    })
    .strict()
    .refine((input) => (input.toRef === undefined) !== (input.dx === undefined && input.dy === undefined), {
      message: 'give either toRef, or dx and/or dy',
    }),
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const { page, snapshotId } = pageOf(ctx);
    const target =
      input.toRef === undefined
        ? { ...(input.dx === undefined ? {} : { dx: input.dx }), ...(input.dy === undefined ? {} : { dy: input.dy }) }
        : { toRef: input.toRef };
    const result = await page.drag({ ref: input.ref, snapshotId, ...target }, callOptions(ctx));
    const where =
      input.toRef === undefined ? `by (${input.dx ?? 0}, ${input.dy ?? 0})` : `to ${refLabel(ctx, input.toRef)}`;
    const refs = input.toRef === undefined ? [input.ref] : [input.ref, input.toRef];
    return reportAction(`drag ${refLabel(ctx, input.ref)} ${where}`, result, ctx, refs);
  },
});

export const setValue = defineTool({
  name: 'set_value',
  description:
    'Set a slider (role slider, a range input) to a number, or a native date, time, datetime-local, month, week ' +
    'or color input to a value in its format: date 2026-03-14, time 09:30, datetime-local 2026-03-14T09:30, ' +
    'month 2026-03, week 2026-W11, color #1e90ff. A range slider has a thumb per end: set each by its own ref. ' +
    'Not for text fields (use type) or drop-downs (select_option).',
  schema: z
    .object({
      ref,
      value: z.union([z.string().min(1), z.number()]).describe('The value, e.g. "40" for a slider or "2026-03-14".'),
    })
    .strict(),
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const { page, snapshotId } = pageOf(ctx);
    const value = String(input.value);
    const result = await page.setValue({ ref: input.ref, snapshotId, value }, callOptions(ctx));
    return reportAction(`set_value ${refLabel(ctx, input.ref)} → ${value}`, result, ctx, [input.ref]);
  },
});

export const POINTER_TOOLS = [doubleClick, rightClick, drag, setValue];
