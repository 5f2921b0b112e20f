// Runs a pointer gesture on an element and reports it: effects as the EffectWatch saw them, verified only when the
// page ended different from how it started (net-change.ts) or moved on (navigation, a new window, a value, a state,
// focus), so a gesture whose traces the page undid is not called a success.

import type { ActionEffect, ActionResult, PointerArgs } from '../../../shared/page-types';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { NetChange } from '../effects/net-change';
import { aimAt, parseBoxPoint } from './aim-point';
import { effectsIn, landedReason } from './landing';
import { heldRefusal } from './leaving';

/** Effects that are a change in themselves, whatever the DOM did. */
export const LASTING: readonly ActionEffect[] = [
  'navigation',
  'new_window',
  'value_change',
  'state_change',
  'focus_change',
];

/**
 * `play` runs the gesture and returns why it did not work when nothing changed (the reason verified:false gives). With
 * `around` (the press landed on an ancestor or label of `element`, landing.ts), only a change in the element counts.
 */
export async function watchGesture(
  ctx: ActionContext,
  element: Element,
  play: () => Promise<void> | void,
  unchanged: () => string,
  around?: { landed: Element; reason: (elsewhere: boolean) => string },
): Promise<ActionResult> {
  const watch = EffectWatch.of(ctx, element);
  const net = new NetChange(element, ctx.churn);
  try {
    await play();
    await watch.settleAnimations();
    await watch.settle({ untilFirst: true });
    const effects = watch.effects();
    const lasting = net.changed() || effects.some((effect) => LASTING.includes(effect));
    if (lasting && around && effectsIn(watch, element, around.landed).length === 0) {
      return performed(false, effects, around.reason(true));
    }
    if (lasting) return performed(true, effects);
    return performed(false, effects, around ? around.reason(false) : unchanged());
  } finally {
    net.dispose();
    watch.dispose();
  }
}

/**
 * A gesture at a ref's element (its centre, or `at` inside its box): refused when the element is disabled or the
 * pointer would reach something else there, otherwise played at the aimed point and watched as watchGesture does.
 * `unchanged` gets the element's name (`[12] button "Save"`) for its reason; `verb` names the gesture ("double click").
 */
export async function gestureAt(
  ctx: ActionContext,
  args: PointerArgs,
  verb: string,
  play: (target: Element, x: number, y: number) => void,
  unchanged: (name: string) => string,
): Promise<ActionResult> {
  const element = ctx.registry.resolve(args);
  const at = args.at === undefined ? undefined : parseBoxPoint(args.at);
  const name = describeTarget(element, args.ref);
  if (isDisabled(element)) return notPerformed(`${name} is disabled.`);
  const aimed = await aimAt(ctx, element, at);
  if (aimed.blocked) return aimed.held ? heldRefusal(aimed.blocked) : notPerformed(aimed.blocked);
  const { target, x, y, around } = aimed;
  const landed = around
    ? {
        landed: around,
        reason: (elsewhere: boolean) => landedReason(ctx, verb, around, element, args.ref, elsewhere),
      }
    : undefined;
  return watchGesture(
    ctx,
    element,
    () => play(target, x, y),
    () => unchanged(name),
    landed,
  );
}
