// Which of Steadyhand's tools a session's client may call, and the fence around them (issue 29): a session reaches
// only its own tabs and the elements it was shown in them. What crosses the fence is refused here, in words, before
// the loop or any page sees it: a tab outside the session's group, a ref the session was never given (the ref ledger
// would refuse one from another tab too, but its words name that tab's page: another task's page must not reach the
// client even in a refusal). Inside the fence, the tools' own checks apply as in a task (stale refs, the gates).

/** page_action's actions: the page tools and the tab tools, as DELEGATION_TOOLS.page_action lists them. */
export const SESSION_ACTIONS = [
  'click',
  'type',
  'select_option',
  'check',
  'scroll',
  'press_key',
  'hover',
  'select_text',
  'double_click',
  'right_click',
  'drag',
  'set_value',
  'wait_for',
  'go_back',
  'open_url',
  'switch_tab',
  'close_tab',
] as const;

const ACTIONS: ReadonlySet<string> = new Set(SESSION_ACTIONS);

/** What the fence knows of the session: its tabs now, and every ref its snapshots and finds gave it. */
export interface SessionFence {
  owns(tabId: number): boolean;
  ownTabs(): readonly number[];
  wasShown(ref: number): boolean;
}

/** The argument fields that hold refs, as the ref ledger reads them (page/ledgered-page.ts): `ref`, `…Ref`. */
function refsOf(input: Record<string, unknown>): number[] {
  return Object.entries(input).flatMap(([key, value]) =>
    (key === 'ref' || key.endsWith('Ref')) && typeof value === 'number' ? [value] : [],
  );
}

/** Null when the action may go to the loop; else the words of the refusal. */
export function refuseAction(action: string, input: Record<string, unknown>, fence: SessionFence): string | null {
  if (!ACTIONS.has(action)) {
    return (
      `"${action.slice(0, 40)}" is not a page action a session may call. The actions are: ` +
      `${SESSION_ACTIONS.join(', ')}.`
    );
  }
  const tabId = input.tabId;
  if (typeof tabId === 'number' && !fence.owns(tabId)) {
    const own = fence.ownTabs();
    const mine = own.length > 0 ? `its tabs are ${own.join(', ')}` : 'it has no tab open now';
    return (
      `Refused: tab ${tabId} is not one of this session's tabs. A session reaches only the tabs of its own group ` +
      `(${mine}); nothing was done.`
    );
  }
  const foreign = refsOf(input).find((ref) => !fence.wasShown(ref));
  if (foreign !== undefined) {
    return (
      `Refused: element [${foreign}] was in no snapshot or find of this session. A session acts only on the ` +
      'elements of its own tabs: take page_snapshot and use its refs. Nothing was done.'
    );
  }
  return null;
}

/** The refs a text lists (`[12] button "Buy"`, `[41] text "…"`): what a snapshot or a find gave the session. */
export function listedRefs(text: string): number[] {
  return [...text.matchAll(/^\s*\[(\d+)\] /gm)].map((match) => Number(match[1]));
}
