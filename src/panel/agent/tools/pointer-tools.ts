// The pointer actions beyond click and hover: double_click, right_click, drag and set_value. Like the other page
// tools they act on (tabId, snapshotId) and report the postcondition the page checked (docs/snapshot-format.md,
// What actions return).

import { z } from 'zod';
import { refLabel } from './common';
import { pageTool, ref } from './page-tool';

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

/** A pointer action's argument: the element, and the point inside it when the model aimed at one. */
export const pointerArgs = (input: z.infer<typeof pointerSchema>, snapshotId: string) => ({
  ref: input.ref,
  snapshotId,
  ...(input.at ? { at: input.at } : {}),
});

export const doubleClick = pageTool({
  name: 'double_click',
  description:
    'Double-click an element (opens a cell or item for editing, expands a tree node on some sites). Optional `at` ' +
    'aims at a point inside it. On a text ref from find it double-clicks the first word of the text found and ' +
    'selects that word (find "red hen", then double_click selects that "red"), verified by the selection; type ' +
    'with clear: false then replaces just that word.',
  schema: pointerSchema,
  mayNavigate: true,
  method: 'doubleClick',
  leadsTo: (input, ctx) => ({
    target: { ref: input.ref, via: 'click' },
    what: `double_click ${refLabel(ctx, input.ref)}`,
  }),
  args: pointerArgs,
  report: (input, ctx) => ({ what: `double_click ${refLabel(ctx, input.ref)}`, refs: [input.ref] }),
});

export const rightClick = pageTool({
  name: 'right_click',
  description:
    'Right-click an element to open the context menu the page draws itself (file lists, trees, editors). The ' +
    "browser's own context menu cannot be used. Optional `at` aims at a point inside it.",
  schema: pointerSchema,
  mayNavigate: true,
  method: 'rightClick',
  args: pointerArgs,
  report: (input, ctx) => ({ what: `right_click ${refLabel(ctx, input.ref)}`, refs: [input.ref] }),
});

export const drag = pageTool({
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
  mayNavigate: true,
  method: 'drag',
  args: (input, snapshotId) => {
    const target =
      input.toRef === undefined
        ? { ...(input.dx === undefined ? {} : { dx: input.dx }), ...(input.dy === undefined ? {} : { dy: input.dy }) }
        : { toRef: input.toRef };
    return { ref: input.ref, snapshotId, ...target };
  },
  report: (input, ctx) => {
    const where =
      input.toRef === undefined ? `by (${input.dx ?? 0}, ${input.dy ?? 0})` : `to ${refLabel(ctx, input.toRef)}`;
    const refs = input.toRef === undefined ? [input.ref] : [input.ref, input.toRef];
    return { what: `drag ${refLabel(ctx, input.ref)} ${where}`, refs };
  },
});

export const setValue = pageTool({
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
  mayNavigate: true,
  method: 'setValue',
  args: (input, snapshotId) => ({ ref: input.ref, snapshotId, value: String(input.value) }),
  report: (input, ctx) => ({
    what: `set_value ${refLabel(ctx, input.ref)} → ${String(input.value)}`,
    refs: [input.ref],
  }),
});

export const POINTER_TOOLS = [doubleClick, rightClick, drag, setValue];
