// What the person did to the task's tabs, in the harness's words (tab ids only, nothing a page wrote), for the next
// observation (issue 28: the task's group is the ground truth of what it may touch). The TabsManager keeps the facts;
// the look takes them (look.ts) and the observation says them once each (prompt.ts §observationText).

import type { TabFact } from '../core/ports';

const LEFT: Record<NonNullable<TabFact['how']>, string> = {
  ungrouped: "dragged it out of the task's group",
  other_group: 'moved it into another tab group',
  other_window: 'moved it to another window',
};

function goingOn(fact: TabFact): string {
  if (!fact.wasCurrent) return 'go on with your other tabs or ask.';
  if (fact.nowOn !== null) return `you are now on tab ${fact.nowOn}, another of your tabs; go on there or ask.`;
  return 'you have no tab left.';
}

/** One line per fact, e.g. "The person took tab 12 back (dragged it out of the task's group): it is no longer yours; …". */
export function tabFactLine(fact: TabFact): string {
  if (fact.kind === 'closed') return `The person closed tab ${fact.tabId}: ${goingOn(fact)}`;
  const how = LEFT[fact.how ?? 'ungrouped'];
  return `The person took tab ${fact.tabId} back (${how}): it is no longer yours; ${goingOn(fact)}`;
}
