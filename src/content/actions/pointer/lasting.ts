// Runs a pointer gesture on an element and reports it: effects as the EffectWatch saw them, verified only when the
// page ended different from how it started (net-change.ts) or moved on (navigation, a new window, a value, a state,
// focus), so a gesture whose traces the page undid is not called a success.

import type { ActionEffect, ActionResult } from '../../../shared/page-types';
import { type ActionContext, performed } from '../context';
import { EffectWatch } from '../effects/effects';
import { NetChange } from '../effects/net-change';

const LASTING: readonly ActionEffect[] = ['navigation', 'new_window', 'value_change', 'state_change', 'focus_change'];

/** `play` runs the gesture and returns why it did not work when nothing changed (the reason verified:false gives). */
export async function watchGesture(
  ctx: ActionContext,
  element: Element,
  play: () => Promise<void> | void,
  unchanged: () => string,
): Promise<ActionResult> {
  const watch = new EffectWatch(ctx.doc, element, ctx.churn);
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
