// click: aim (scroll into view, hit-test), play the pointer events, wait for what they set off (a first effect, then
// the animations it started), and report what changed. hover (hover.ts) aims and waits the same way. A click is
// verified only by a change that lasts: the page moved on (navigation, a window, focus, a value, a state, a scroll)
// or ended different from how it started (net-change.ts). A page that only flickers (a pressed style put back, a
// carousel asked for the slide it already shows re-setting its track) did not do what the click was for.

import type { ActionResult, BoxPoint, PointerArgs } from '../../../shared/page-types';
import { describeElement } from '../../snapshot/dom/dom';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { NetChange } from '../effects/net-change';
import { type Aimed, aimAt, parseBoxPoint } from '../pointer/aim-point';
import { effectsIn, landedReason } from '../pointer/landing';
import { LASTING } from '../pointer/lasting';
import { heldRefusal } from '../pointer/leaving';
import { dispatchClick } from '../pointer/pointer';
import { aimAtWord, pressSelects, type WordAim } from '../text/word-aim';

/** Links and forms that open their result in another window or tab. */
function opensNewWindow(element: Element): boolean {
  const link = element.closest('a[href], area[href]');
  const form = link ? null : (element.closest('button, input') as HTMLButtonElement | null)?.form;
  const target = (link?.getAttribute('target') ?? form?.getAttribute('target') ?? '').toLowerCase();
  return target !== '' && target !== '_self' && target !== '_parent' && target !== '_top';
}

export async function click(ctx: ActionContext, args: PointerArgs): Promise<ActionResult> {
  const element = ctx.registry.resolve(args);
  const at = args.at === undefined ? undefined : parseBoxPoint(args.at);
  if (isDisabled(element)) return notPerformed(`${describeTarget(element, args.ref)} is disabled.`);
  // A text ref from find: the pointer goes to the word found, not the centre of the element holding it.
  const query = at === undefined ? ctx.registry.foundText(element) : undefined;
  const word = query === undefined ? null : aimAtWord(ctx, element, query);
  if (word && 'blocked' in word) return notPerformed(word.blocked);
  return clickElement(ctx, element, args.ref, at, word ?? undefined);
}

/** The click itself, shared with check(); at the centre, or at `at` inside the element's box. */
export async function clickElement(
  ctx: ActionContext,
  element: Element,
  ref: number,
  at?: BoxPoint,
  word?: WordAim,
): Promise<ActionResult> {
  const aimed: Aimed = word ?? (await aimAt(ctx, element, at));
  if (aimed.blocked) return aimed.held ? heldRefusal(aimed.blocked) : notPerformed(aimed.blocked);
  const watch = EffectWatch.of(ctx, element);
  const net = new NetChange(element, ctx.churn);
  try {
    const target = aimed.target;
    const sameWidget = aimed.sameWidget === true;
    // On a word, the press also puts the caret there, as a trusted press does by default.
    const caret = word ? (detail: number) => pressSelects(target, aimed.x, aimed.y, detail) : undefined;
    const activated = dispatchClick(target, aimed.x, aimed.y, caret);
    if (activated && opensNewWindow(target)) watch.expectNewWindow();
    await watch.settle({ untilFirst: true });
    if (watch.effects().length > 0) await watch.settleAnimations();
    const effects = watch.effects();
    if (effects.length === 0) {
      if (aimed.around) return performed(false, [], landedReason(ctx, 'click', aimed.around, element, ref, false));
      const hint = element.localName === 'select' ? ' A drop-down opens only for a person: use select_option.' : '';
      return performed(
        false,
        [],
        `Clicked ${describeTarget(element, ref)}, but nothing observable changed within 1.5 s (no navigation, DOM change, focus or state change).${hint}`,
      );
    }
    if (aimed.around && effectsIn(watch, element, aimed.around).length === 0) {
      return watch.withHidden(performed(false, effects, landedReason(ctx, 'click', aimed.around, element, ref, true)));
    }
    if (!net.changed() && !effects.some((effect) => LASTING.includes(effect) || effect === 'scroll')) {
      return performed(
        false,
        effects,
        `Clicked ${describeTarget(element, ref)}: the page changed while the click ran, then ended as it started (nothing stayed different).`,
      );
    }
    const via = sameWidget
      ? `The click landed on ${describeElement(target)}, a part of the same widget drawn over it.`
      : undefined;
    return watch.withHidden(performed(true, effects, via));
  } finally {
    net.dispose();
    watch.dispose();
  }
}
