// Tools that act on the page the model saw, against (tabId, snapshotId). The page controller checks each action's
// postcondition in the page and says so in ActionResult.verified (docs/agent-loop.md, One step).

import { z } from 'zod';
import { refLabel } from './common';
import { pageTool, ref } from './page-tool';
import { at, POINTER_TOOLS, pointerArgs } from './pointer-tools';

export const click = pageTool({
  name: 'click',
  description:
    'Click an element by its ref, at its centre or at `at` inside it. Reports the observed effect (navigation, DOM ' +
    'change, new tab, ...).',
  schema: z.object({ ref, at: at.optional() }).strict(),
  mayNavigate: true,
  method: 'click',
  leadsTo: (input, ctx) => ({ target: { ref: input.ref, via: 'click' }, what: `click ${refLabel(ctx, input.ref)}` }),
  args: pointerArgs,
  report: (input, ctx) => {
    const where = input.at ? ` at (${input.at.x}, ${input.at.y})` : '';
    return { what: `click ${refLabel(ctx, input.ref)}${where}`, refs: [input.ref] };
  },
});

export const type = pageTool({
  name: 'type',
  description:
    'Type text into an input, textarea or editable element, key by key as a person would (keys follow focus, so ' +
    'a code typed into its first box fills the next boxes; "\\n" is Enter). Replaces the current value unless ' +
    'clear is false; then it goes in at the caret when the field already had focus (place it with press_key: ' +
    'arrows, Home/End, Shift to select), else at the end. submit: true presses Enter afterwards (submits a form).',
  schema: z
    .object({
      ref,
      text: z.string(),
      clear: z.boolean().optional().describe('Default true: replace the current value.'),
      submit: z.boolean().optional().describe('Press Enter after typing.'),
    })
    .strict(),
  mayNavigate: true,
  method: 'type',
  leadsTo: (input, ctx) =>
    input.submit || input.text.includes('\n')
      ? { target: { ref: input.ref, via: 'enter' }, what: `type into ${refLabel(ctx, input.ref)}` }
      : null,
  args: (input, snapshotId) => ({
    ref: input.ref,
    snapshotId,
    text: input.text,
    clear: input.clear ?? true,
    submit: input.submit ?? false,
  }),
  report: (input, ctx) => ({ what: `type into ${refLabel(ctx, input.ref)}`, refs: [input.ref] }),
});

export const selectOption = pageTool({
  name: 'select_option',
  description: 'Choose an option of a <select> (or listbox) by its visible label or value.',
  schema: z.object({ ref, option: z.string().min(1) }).strict(),
  mayNavigate: true,
  method: 'selectOption',
  args: (input, snapshotId) => ({ ref: input.ref, snapshotId, option: input.option }),
  report: (input, ctx) => ({ what: `select_option on ${refLabel(ctx, input.ref)}`, refs: [input.ref] }),
});

export const check = pageTool({
  name: 'check',
  description: 'Set a checkbox, radio button or switch to checked (true) or unchecked (false).',
  schema: z.object({ ref, checked: z.boolean() }).strict(),
  mayNavigate: true,
  method: 'check',
  args: (input, snapshotId) => ({ ref: input.ref, snapshotId, checked: input.checked }),
  report: (input, ctx) => ({ what: `check ${refLabel(ctx, input.ref)} → ${input.checked}`, refs: [input.ref] }),
});

export const scroll = pageTool({
  name: 'scroll',
  description:
    'Scroll the page by about one screen in `direction`, or the scroll area that holds element `ref` (a list ' +
    'item scrolls its list, even one that draws only the rows in view), or until element `toRef` is in view. A ' +
    'line that says "(scrolls: …, more below)" (a `scrollarea`, a dialog body, a list) is an area of its own: pass ' +
    'its ref to scroll it.',
  schema: z
    .object({
      direction: z.enum(['up', 'down', 'left', 'right']).optional().describe('Default down.'),
      ref: ref.optional().describe('An element in (or of) the area to scroll; the page when absent.'),
      amount: z.number().positive().max(20).optional().describe('How many screens (default 1).'),
      toRef: ref.optional().describe('Scroll until this element is in view instead.'),
    })
    .strict(),
  mayNavigate: false,
  method: 'scroll',
  args: (input, snapshotId) => ({
    snapshotId,
    direction: input.direction ?? 'down',
    unit: 'page',
    amount: input.amount ?? 1,
    ...(input.ref === undefined ? {} : { ref: input.ref }),
    ...(input.toRef === undefined ? {} : { toRef: input.toRef }),
  }),
  report: (input, ctx) => {
    const direction = input.direction ?? 'down';
    const area = input.ref === undefined ? '' : ` in ${refLabel(ctx, input.ref)}`;
    const what = input.toRef === undefined ? `scroll ${direction}${area}` : `scroll to ${refLabel(ctx, input.toRef)}`;
    return { what, refs: [input.ref, input.toRef].filter((ref): ref is number => ref !== undefined) };
  },
});

export const pressKey = pageTool({
  name: 'press_key',
  description:
    'Press a key (e.g. Enter, Escape, Tab, ArrowDown, a) with optional modifiers, on element `ref` if given. In ' +
    'a text field or editor, arrows/Home/End move the caret (Control+Home/End to the start/end of all its text) ' +
    'and with Shift select text; Control+b/i/u format the selection in a rich editor.',
  schema: z
    .object({
      key: z.string().min(1),
      modifiers: z.array(z.enum(['Alt', 'Control', 'Meta', 'Shift'])).optional(),
      ref: ref.optional(),
    })
    .strict(),
  mayNavigate: true,
  method: 'pressKey',
  leadsTo: (input) => {
    if (input.key !== 'Enter' && input.key !== ' ' && input.key !== 'Space') return null;
    const via = input.key === 'Enter' ? 'enter' : 'click';
    return { target: input.ref === undefined ? { via } : { ref: input.ref, via }, what: `press_key ${input.key}` };
  },
  args: (input, snapshotId) => ({
    key: input.key,
    ...(input.modifiers ? { modifiers: input.modifiers } : {}),
    ...(input.ref === undefined ? {} : { ref: input.ref, snapshotId }),
  }),
  report: (input, ctx) => {
    const combo = [...(input.modifiers ?? []), input.key].join('+');
    const on = input.ref === undefined ? '' : ` on ${refLabel(ctx, input.ref)}`;
    return { what: `press_key ${combo}${on}`, refs: input.ref === undefined ? [] : [input.ref] };
  },
});

export const hover = pageTool({
  name: 'hover',
  description:
    'Move the pointer over an element (opens hover menus and tooltips). Waits for what the page shows in answer; verified only when something changed (a menu or tooltip opened). CSS :hover styles alone cannot be triggered.',
  schema: z.object({ ref }).strict(),
  mayNavigate: false,
  method: 'hover',
  args: (input, snapshotId) => ({ ref: input.ref, snapshotId }),
  report: (input, ctx) => ({ what: `hover ${refLabel(ctx, input.ref)}`, refs: [input.ref] }),
});

export const selectText = pageTool({
  name: 'select_text',
  description:
    'Select a word or passage inside a text field or editor (`ref`: the field or editor, or a text ref from find), ' +
    'as a person does by dragging over it: then type replaces just that text (call type with clear: false), and ' +
    'a format button or key acts on it. `occurrence` picks the match when the text appears more than once (1 = ' +
    'first). Verified by reading the selection back.',
  schema: z
    .object({
      ref,
      text: z.string().min(1).describe('The exact text to select, as the field or editor shows it.'),
      occurrence: z.number().int().min(1).optional().describe('Which match to select, from 1. Default 1.'),
    })
    .strict(),
  mayNavigate: false,
  method: 'selectText',
  args: (input, snapshotId) => ({
    ref: input.ref,
    snapshotId,
    text: input.text,
    ...(input.occurrence === undefined ? {} : { occurrence: input.occurrence }),
  }),
  report: (input, ctx) => ({
    what: `select_text ${JSON.stringify(input.text)} in ${refLabel(ctx, input.ref)}`,
    refs: [input.ref],
  }),
});

export const PAGE_TOOLS = [click, type, selectOption, check, scroll, pressKey, hover, selectText, ...POINTER_TOOLS];
