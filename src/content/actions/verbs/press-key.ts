// press_key: keydown, keypress, keyup on the focused element, plus the default action a real key would have
// (untrusted key events have none): Enter submits or activates, Tab moves focus, Escape closes a modal dialog,
// arrows move a select or radio group or scroll, Space activates or scrolls.

import type { ActionResult, KeyArgs } from '../../../shared/page-types';
import { deepActiveElement } from '../../snapshot/dom/dom';
import { isTextEntry } from '../../snapshot/naming/roles';
import { type ActionContext, performed } from '../context';
import { EffectWatch } from '../effects/effects';
import { moveFocus } from '../keyboard/focus-order';
import { CARET_KEYS, defaultKeyAction } from '../keyboard/key-defaults';
import { type KeySpec, keyEvent, type Modifier, parseKey, parseModifiers } from '../keyboard/keyboard';
import { fieldSelection } from '../keyboard/text-entry';
import { bringIntoView } from '../pointer/pointer';

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
  const watch = EffectWatch.of(ctx, target);
  const selectionBefore = selectionState(ctx.doc);
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
    // A caret key in a text field acts at once (it moves the caret); waiting for a late effect would only stall.
    const caretKey = CARET_KEYS.has(spec.key) && isTextEntry(target);
    await watch.settle({ untilFirst: spec.key !== 'Tab' && !caretKey });
    if (!caretKey && watch.effects().length > 0) await watch.settleAnimations();
    const effects = watch.effects();
    const selection = selectionState(ctx.doc);
    if (effects.length === 0 && selection.key !== selectionBefore.key) {
      // A caret key changes only the selection: what a person sees is the caret or the highlighted text (PT-T4).
      const what = selection.text ? `selected ${JSON.stringify(selection.text.slice(0, 200))}` : 'moved the caret';
      return performed(true, [], `Pressed ${spec.key}: it ${what}.`);
    }
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

/** The focused field's selection, or the document's: to tell that a key moved the caret or selected text. */
function selectionState(doc: Document): { key: string; text: string } {
  const active = deepActiveElement(doc);
  if (active && (active.localName === 'input' || active.localName === 'textarea')) {
    const field = active as HTMLInputElement;
    const [start, end] = fieldSelection(field);
    return { key: `field:${start}:${end}`, text: field.value.slice(start, end) };
  }
  const selection = active?.ownerDocument.getSelection() ?? doc.getSelection();
  if (!selection || selection.rangeCount === 0) return { key: '', text: '' };
  const { anchorNode, anchorOffset, focusNode, focusOffset } = selection;
  const id = (node: Node | null) => (node ? `${node.nodeName}${node.textContent?.length ?? 0}` : '');
  return {
    key: `${id(anchorNode)}:${anchorOffset}:${id(focusNode)}:${focusOffset}:${selection.toString().length}`,
    text: selection.toString(),
  };
}
