// press_key: keydown, keypress, keyup on the focused element, plus the default action a real key would have
// (untrusted key events have none): Enter submits or activates, Tab moves focus, Escape closes a modal dialog,
// arrows move a select or radio group or scroll, Space activates or scrolls.

import type { ActionResult, KeyArgs } from '../../shared/page-types';
import { deepActiveElement } from '../snapshot/dom';
import { isTextEntry } from '../snapshot/roles';
import { type ActionContext, performed } from './context';
import { EffectWatch } from './effects';
import { moveFocus } from './focus-order';
import { defaultKeyAction } from './key-defaults';
import { type KeySpec, keyEvent, type Modifier, parseKey, parseModifiers } from './keyboard';
import { bringIntoView } from './pointer';

export async function pressKey(ctx: ActionContext, args: KeyArgs): Promise<ActionResult> {
  const spec = parseKey(args.key);
  const modifiers = parseModifiers(args.modifiers);
  let target: Element;
  if (args.ref !== undefined) {
    target = ctx.registry.resolve({ ref: args.ref, snapshotId: args.snapshotId });
    bringIntoView(target);
    (target as HTMLElement).focus({ preventScroll: true });
  } else {
    if (args.snapshotId !== undefined) ctx.registry.assertSnapshot(args.snapshotId);
    target = deepActiveElement(ctx.doc) ?? ctx.doc.body ?? ctx.doc.documentElement;
  }
  return press(ctx, target, spec, modifiers);
}

/** Presses a key on an element (type's submit uses it for Enter). */
export function pressOn(ctx: ActionContext, target: Element, key: string): Promise<ActionResult> {
  return press(ctx, target, parseKey(key), []);
}

async function press(ctx: ActionContext, target: Element, spec: KeySpec, modifiers: Modifier[]): Promise<ActionResult> {
  const watch = new EffectWatch(ctx.doc, target, ctx.churn);
  try {
    const down = keyEvent('keydown', target, spec, modifiers);
    const command = modifiers.some((m) => m === 'Control' || m === 'Meta' || m === 'Alt');
    let allowed = down;
    if (down && spec.text !== undefined && !command) allowed = keyEvent('keypress', target, spec, modifiers);
    if (allowed) {
      if (spec.key === 'Tab') moveFocus(ctx.doc, modifiers.includes('Shift') ? -1 : 1);
      else defaultKeyAction(target, spec, modifiers, command);
    }
    keyEvent('keyup', target, spec, modifiers);
    await watch.settle({ untilFirst: spec.key !== 'Tab' });
    const effects = watch.effects();
    if (effects.length === 0) {
      const where = isTextEntry(target) ? 'the field' : 'the page';
      return performed(
        false,
        [],
        `Pressed ${spec.key === ' ' ? 'Space' : spec.key}, but ${where} showed no observable change.`,
      );
    }
    return performed(true, effects);
  } finally {
    watch.dispose();
  }
}
