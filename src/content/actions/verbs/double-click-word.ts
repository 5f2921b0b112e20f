// double_click on a text ref from find: aimed at the word found (text/word-aim.ts), played as a mouse plays it, with
// the presses' default actions a trusted mouse gets from the browser (caret, then the word selected) when the page
// does not take them itself (CodeMirror 6 selects the word in its own mousedown handler). Judged by the selection:
// verified only when the selected text is the word under the point, so the text typed next replaces that word.

import type { ActionResult } from '../../../shared/page-types';
import { collapse } from '../../snapshot/dom/dom';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { nextTask } from '../keyboard/text-entry';
import { dispatchHover, mouse, pressAndRelease } from '../pointer/pointer';
import { aimAtWord, pressSelects, wordAtPoint } from '../text/word-aim';

/** Null when the holder no longer has the text find matched: the caller aims at the element as usual. */
export async function doubleClickWord(
  ctx: ActionContext,
  element: Element,
  ref: number,
  query: string,
): Promise<ActionResult | null> {
  const name = describeTarget(element, ref);
  if (isDisabled(element)) return notPerformed(`${name} is disabled.`);
  const aim = aimAtWord(ctx, element, query);
  if (!aim) return null;
  if ('blocked' in aim) return notPerformed(aim.blocked);
  const { target, x, y } = aim;
  const doc = ctx.doc;
  const under = wordAtPoint(target, x, y)?.toString() ?? aim.word;
  const watch = EffectWatch.of(ctx, element);
  try {
    dispatchHover(target, x, y);
    const select = (detail: number) => pressSelects(target, x, y, detail);
    pressAndRelease(target, x, y, 1, select);
    pressAndRelease(target, x, y, 2, select);
    mouse('dblclick', target, x, y, 0, { detail: 2 });
    // selectionchange is queued as a task; the editor reads it there and may draw the selection again.
    await nextTask();
    await watch.settle();
  } finally {
    watch.dispose();
  }
  const selected = collapse(doc.getSelection()?.toString() ?? '');
  const effects = watch.effects();
  if (selected === collapse(under)) {
    const kept = effects.filter((e) => e !== 'none' && e !== 'state_change');
    return performed(true, [...kept, 'state_change'], `Selected the word ${JSON.stringify(under)}.`);
  }
  return performed(
    false,
    effects,
    `Double-clicked the word ${JSON.stringify(under)} in ${name}, but the selection is ${selected ? JSON.stringify(selected.slice(0, 120)) : 'empty'}. Use select_text to select it.`,
  );
}
