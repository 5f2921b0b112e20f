// hover: aim at the element (scroll into view, hit-test) as click does (click.ts), move the pointer over it, wait for
// what that set off (a first effect, then the animations it started), and report what changed.

import type { ActionResult, RefTarget } from '../../../shared/page-types';
import { type ActionContext, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { NetChange } from '../effects/net-change';
import { aimAt } from '../pointer/aim-point';
import { effectsIn, landedReason } from '../pointer/landing';
import { heldRefusal } from '../pointer/leaving';
import { dispatchHover } from '../pointer/pointer';

export async function hover(ctx: ActionContext, args: RefTarget): Promise<ActionResult> {
  const element = ctx.registry.resolve(args);
  const aimed = await aimAt(ctx, element);
  if (aimed.blocked) return aimed.held ? heldRefusal(aimed.blocked) : notPerformed(aimed.blocked);
  const watch = EffectWatch.of(ctx, element);
  const net = new NetChange(element, ctx.churn);
  try {
    dispatchHover(aimed.target, aimed.x, aimed.y);
    // Menus open after a delay and then animate in (antd's submenus): wait for a first effect as a click does.
    await watch.settle({ untilFirst: true });
    if (watch.effects().length > 0) await watch.settleAnimations();
    const effects = watch.effects();
    // The pointer being over the element is not a result anyone sees: a hover is verified only when the page
    // ended different (a menu or tooltip shown), not when it flickered and went back (decision 0019).
    const changed = net.changed() || effects.some((effect) => effect !== 'dom_change');
    // Over an ancestor that takes the pointer for it, what showed is the ancestor's, not the element's (landing.ts).
    if (changed && aimed.around && effectsIn(watch, element, aimed.around).length === 0) {
      return performed(false, effects, landedReason(ctx, 'pointer', aimed.around, element, args.ref, true));
    }
    if (changed) return watch.withHidden(performed(true, effects));
    return performed(
      false,
      effects,
      `The pointer is over ${describeTarget(element, args.ref)}, but nothing observable changed within 1.5 s (no menu, tooltip or other change; CSS :hover styles cannot be triggered by a script).`,
    );
  } finally {
    net.dispose();
    watch.dispose();
  }
}
