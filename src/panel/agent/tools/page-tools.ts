// Tools that act on the page the model saw, against (tabId, snapshotId). The page controller checks each action's
// postcondition in the page and says so in ActionResult.verified (docs/agent-loop.md, One step).

import { z } from 'zod';
import type { NavigationVia } from '../../../shared/page-types';
import { callOptions, defineTool, pageOf, refLabel, reportAction } from './common';
import { refusedNavigation } from './navigation-gate';
import { at, POINTER_TOOLS } from './pointer-tools';

const ref = z.number().int().nonnegative().describe('The element ref from the latest observation, e.g. 12 for [12].');

export const click = defineTool({
  name: 'click',
  description:
    'Click an element by its ref, at its centre or at `at` inside it. Reports the observed effect (navigation, DOM ' +
    'change, new tab, ...).',
  schema: z.object({ ref, at: at.optional() }).strict(),
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const handle = pageOf(ctx);
    const { page, snapshotId } = handle;
    const refused = await refusedNavigation(
      ctx,
      handle,
      { ref: input.ref, via: 'click' },
      `click ${refLabel(ctx, input.ref)}`,
    );
    if (refused) return refused;
    const point = input.at ? { at: input.at } : {};
    const result = await page.click({ ref: input.ref, snapshotId, ...point }, callOptions(ctx));
    const where = input.at ? ` at (${input.at.x}, ${input.at.y})` : '';
    return reportAction(`click ${refLabel(ctx, input.ref)}${where}`, result, ctx, [input.ref]);
  },
});

export const type = defineTool({
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
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const handle = pageOf(ctx);
    const { page, snapshotId } = handle;
    if (input.submit || input.text.includes('\n')) {
      const what = `type into ${refLabel(ctx, input.ref)}`;
      const refused = await refusedNavigation(ctx, handle, { ref: input.ref, via: 'enter' }, what);
      if (refused) return refused;
    }
    const result = await page.type(
      { ref: input.ref, snapshotId, text: input.text, clear: input.clear ?? true, submit: input.submit ?? false },
      callOptions(ctx),
    );
    return reportAction(`type into ${refLabel(ctx, input.ref)}`, result, ctx, [input.ref]);
  },
});

export const selectOption = defineTool({
  name: 'select_option',
  description: 'Choose an option of a <select> (or listbox) by its visible label or value.',
  schema: z.object({ ref, option: z.string().min(1) }).strict(),
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const { page, snapshotId } = pageOf(ctx);
    const result = await page.selectOption({ ref: input.ref, snapshotId, option: input.option }, callOptions(ctx));
    return reportAction(`select_option on ${refLabel(ctx, input.ref)}`, result, ctx, [input.ref]);
  },
});

export const check = defineTool({
  name: 'check',
  description: 'Set a checkbox, radio button or switch to checked (true) or unchecked (false).',
  schema: z.object({ ref, checked: z.boolean() }).strict(),
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const { page, snapshotId } = pageOf(ctx);
    const result = await page.check({ ref: input.ref, snapshotId, checked: input.checked }, callOptions(ctx));
    return reportAction(`check ${refLabel(ctx, input.ref)} → ${input.checked}`, result, ctx, [input.ref]);
  },
});

export const scroll = defineTool({
  name: 'scroll',
  description:
    'Scroll the page by about one screen in `direction`, or the scroll area that holds element `ref` (a list ' +
    'item scrolls its list, even one that draws only the rows in view), or until element `toRef` is in view.',
  schema: z
    .object({
      direction: z.enum(['up', 'down', 'left', 'right']).optional().describe('Default down.'),
      ref: ref.optional().describe('An element in (or of) the area to scroll; the page when absent.'),
      amount: z.number().positive().max(20).optional().describe('How many screens (default 1).'),
      toRef: ref.optional().describe('Scroll until this element is in view instead.'),
    })
    .strict(),
  group: 'page',
  mayNavigate: false,
  usesPage: true,
  async run(input, ctx) {
    const { page, snapshotId } = pageOf(ctx);
    const result = await page.scroll(
      {
        snapshotId,
        direction: input.direction ?? 'down',
        unit: 'page',
        amount: input.amount ?? 1,
        ...(input.ref === undefined ? {} : { ref: input.ref }),
        ...(input.toRef === undefined ? {} : { toRef: input.toRef }),
      },
      callOptions(ctx),
    );
    const direction = input.direction ?? 'down';
    const area = input.ref === undefined ? '' : ` in ${refLabel(ctx, input.ref)}`;
    const what = input.toRef === undefined ? `scroll ${direction}${area}` : `scroll to ${refLabel(ctx, input.toRef)}`;
    const refs = [input.ref, input.toRef].filter((ref): ref is number => ref !== undefined);
    return reportAction(what, result, ctx, refs);
  },
});

export const pressKey = defineTool({
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
  group: 'page',
  mayNavigate: true,
  usesPage: true,
  async run(input, ctx) {
    const handle = pageOf(ctx);
    const { page, snapshotId } = handle;
    if (input.key === 'Enter' || input.key === ' ' || input.key === 'Space') {
      const via: NavigationVia = input.key === 'Enter' ? 'enter' : 'click';
      const target = input.ref === undefined ? { via } : { ref: input.ref, via };
      const refused = await refusedNavigation(ctx, handle, target, `press_key ${input.key}`);
      if (refused) return refused;
    }
    const result = await page.pressKey(
      {
        key: input.key,
        ...(input.modifiers ? { modifiers: input.modifiers } : {}),
        ...(input.ref === undefined ? {} : { ref: input.ref, snapshotId }),
      },
      callOptions(ctx),
    );
    const combo = [...(input.modifiers ?? []), input.key].join('+');
    const on = input.ref === undefined ? '' : ` on ${refLabel(ctx, input.ref)}`;
    return reportAction(`press_key ${combo}${on}`, result, ctx, input.ref === undefined ? [] : [input.ref]);
  },
});

export const hover = defineTool({
  name: 'hover',
  description:
    'Move the pointer over an element (opens hover menus and tooltips). Waits for what the page shows in answer; verified only when something changed (a menu or tooltip opened). CSS :hover styles alone cannot be triggered.',
  schema: z.object({ ref }).strict(),
  group: 'page',
  mayNavigate: false,
  usesPage: true,
  async run(input, ctx) {
    const { page, snapshotId } = pageOf(ctx);
    const result = await page.hover({ ref: input.ref, snapshotId }, callOptions(ctx));
    return reportAction(`hover ${refLabel(ctx, input.ref)}`, result, ctx, [input.ref]);
  },
});

export const PAGE_TOOLS = [click, type, selectOption, check, scroll, pressKey, hover, ...POINTER_TOOLS];
