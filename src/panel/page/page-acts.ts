// Which page calls are acts (decision 0025): the ones that can change the page or send data, gated by the task's act
// tier (CallOptions.mayAct). The rest only look at the page, wait on it or guard it. Listed are the calls that are not
// acts, so a page method added later is an act until someone decides it only looks.

import type { PageMethod } from '../../shared/protocol';

const LOOKS = new Set<PageMethod>([
  'ping',
  'getPageInfo',
  'snapshot',
  'readPage',
  'find',
  'waitFor',
  'waitForQuiet',
  'lastMutationAt',
  'readBlob',
  // Where a click or Enter would go, read before the act so its site is asked about first (navigation-gate.ts).
  'navigationTarget',
  // Scrolling and hovering move the view and the pointer; they submit, type or send nothing.
  'scroll',
  'hover',
  // Going back is a navigation, gated like every other by the site of the page it lands on.
  'historyBack',
  'showMask',
  'renewMask',
  'hideMask',
  'dispose',
]);

export function isAct(method: PageMethod): boolean {
  return !LOOKS.has(method);
}
