// What every action needs: the top document, the document's refs, and a way into closed shadow roots.

import type { ActionEffect, ActionResult } from '../../shared/page-types';
import type { ShadowRootOf } from '../snapshot/dom/dom';
import type { RefRegistry } from '../snapshot/ref-registry';
import type { ChurnTracker } from './effects/churn';

export interface ActionContext {
  doc: Document;
  registry: RefRegistry;
  shadowRootOf: ShadowRootOf;
  /** What the page keeps changing by itself, so effects can leave it out (absent: every mutation counts). */
  churn?: ChurnTracker;
  /** The kinds of effect the caller expects (shared/page-types.ts §ActionHints): the quiet window ends sooner. */
  expect?: readonly ActionEffect[];
}

/** The action was not performed; `reason` says why and what to do instead. */
export function notPerformed(reason: string): ActionResult {
  return { ok: false, verified: false, effects: ['none'], reason };
}

export function performed(verified: boolean, effects: ActionEffect[], reason?: string): ActionResult {
  const result: ActionResult = { ok: true, verified, effects: effects.length > 0 ? effects : ['none'] };
  if (reason) result.reason = reason;
  return result;
}

export function isDisabled(element: Element): boolean {
  return element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
}
