// An element by what the snapshot's text says of it, not by its ref: refs never repeat across documents (decision
// 0002), so a saved task (issue 30) keeps the role, the name and the position among the lines of that role and name,
// and a replay finds the element again on a fresh snapshot the same way. Both sides read the very text the model was
// shown (parseControl), so what was recorded and what is looked up are counted alike.

import type { TargetIdentity } from '../task/events';
import { parseControl, type SeenControl } from './observation-reader';

export type { TargetIdentity };

const sameKind = (a: Pick<SeenControl, 'role' | 'name'>, b: Pick<SeenControl, 'role' | 'name'>) =>
  a.role === b.role && a.name === b.name;

/** The identity of the control with `ref` in a snapshot's text; null when the text does not list it. */
export function identityIn(text: string, ref: number): TargetIdentity | null {
  const controls = text.split('\n').flatMap((line) => parseControl(line) ?? []);
  return identityAmong(controls, ref);
}

export function identityAmong(controls: readonly SeenControl[], ref: number): TargetIdentity | null {
  const index = controls.findIndex((control) => control.ref === ref);
  const control = controls[index];
  if (!control) return null;
  const alike = controls.filter((other) => sameKind(other, control));
  return { role: control.role, name: control.name, nth: alike.indexOf(control), count: alike.length };
}

export type Resolved = { found: SeenControl } | { missing: string };

/** A name with its numbers blanked: "Cart (1)" and "Cart (2)" are the same control with another count. */
const shape = (name: string) => name.replace(/\d+/g, '#');

/**
 * The control at `identity` among a fresh snapshot's controls, or why there is none that is surely it. A name that
 * differs only in its numbers (a cart's count) stands for it when as many controls have that shape as the saved run
 * had of its name.
 */
export function resolveIdentity(controls: readonly SeenControl[], identity: TargetIdentity): Resolved {
  const what = `${identity.role} "${identity.name}"`;
  let alike = controls.filter((control) => sameKind(control, identity));
  if (alike.length === 0) {
    const sameShape = controls.filter((c) => c.role === identity.role && shape(c.name) === shape(identity.name));
    if (sameShape.length === identity.count) alike = sameShape;
  }
  if (alike.length === 0) return { missing: `${what} is not on the page` };
  if (alike.length !== identity.count) {
    return { missing: `the page lists ${alike.length} of ${what} where the saved run saw ${identity.count}` };
  }
  const found = alike[identity.nth];
  return found ? { found } : { missing: `${what} number ${identity.nth + 1} is not on the page` };
}
