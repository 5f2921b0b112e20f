// Runs a pointer gesture on an element and reports it: effects as the EffectWatch saw them, verified only when the
// page ended different from how it started (net-change.ts) or moved on (navigation, a new window, a value, a state,
// focus), so a gesture whose traces the page undid is not called a success.

import type { ActionEffect, ActionResult, PointerArgs } from '../../../shared/page-types';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { NetChange } from '../effects/net-change';
import { aimAt, parseBoxPoint } from './aim-point';

/** Effects that are a change in themselves, whatever the DOM did. */
export const LASTING: readonly ActionEffect[] = [
  'navigation',
  'new_window',
  'value_change',
  'state_change',
  'focus_change',
];

/** `play` runs the gesture and returns why it did not work when nothing changed (the reason verified:false gives). */
export async function watchGesture(
  ctx: ActionContext,
  element: Element,
  play: () => Promise<void> | void,
  unchanged: () => string,
): Promise<ActionResult> {
  const watch = EffectWatch.of(ctx, element);
  const net = new NetChange(element, ctx.churn);
  try {
    await play();
    await watch.settleAnimations();
    await watch.settle({ untilFirst: true });
    const effects = watch.effects();
    if (net.changed() || effects.some((effect) => LASTING.includes(effect))) return performed(true, effects);
    return performed(false, effects, unchanged());
  } finally {
    net.dispose();
    watch.dispose();
  }
}

/**
 * A gesture at a ref's element (its centre, or `at` inside its box): refused when the element is disabled or the
 * pointer would reach something else there, otherwise played at the aimed point and watched as watchGesture does.
 * `unchanged` gets the element's name (`[12] button "Save"`) for its reason.
 */
export async function gestureAt(
  ctx: ActionContext,
  args: PointerArgs,
  play: (target: Element, x: number, y: number) => void,
  unchanged: (name: string) => string,
): Promise<ActionResult> {
  const element = ctx.registry.resolve(args);
  const at = args.at === undefined ? undefined : parseBoxPoint(args.at);
  const name = describeTarget(element, args.ref);
  if (isDisabled(element)) return notPerformed(`${name} is disabled.`);
  const aimed = aimAt(ctx, element, at);
  if (aimed.blocked) return notPerformed(aimed.blocked);
  const { target, x, y } = aimed;
  return watchGesture(
    ctx,
    element,
    () => play(target, x, y),
    () => unchanged(name),
  );
}
