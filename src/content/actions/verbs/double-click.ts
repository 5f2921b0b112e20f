// double_click: two click sequences (detail 1, then 2) and a dblclick with detail 2, as a mouse plays them
// (UI Events §3.5, "click" and "dblclick" ordering), at the centre or at `at` inside the element's box. On a text
// ref from find it aims at the word found and is judged by the selection (double-click-word.ts).

import type { ActionResult, PointerArgs } from '../../../shared/page-types';
import type { ActionContext } from '../context';
import { gestureAt } from '../pointer/lasting';
import { dispatchHover, mouse, pressAndRelease } from '../pointer/pointer';
import { doubleClickWord } from './double-click-word';

export async function doubleClick(ctx: ActionContext, args: PointerArgs): Promise<ActionResult> {
  if (args.at === undefined) {
    const element = ctx.registry.resolve(args);
    const query = ctx.registry.foundText(element);
    const onWord = query === undefined ? null : await doubleClickWord(ctx, element, args.ref, query);
    if (onWord) return onWord;
  }
  return gestureAt(
    ctx,
    args,
    'double click',
    (target, x, y) => {
      dispatchHover(target, x, y);
      pressAndRelease(target, x, y, 1);
      pressAndRelease(target, x, y, 2);
      mouse('dblclick', target, x, y, 0, { detail: 2 });
    },
    (name) =>
      `Double-clicked ${name}, but the page ended as it started (no lasting DOM, value, state or focus change).`,
  );
}
