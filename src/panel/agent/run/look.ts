// The look half of a step (docs/agent-loop.md, One step): wait for the navigation the last step started, settle a load
// the network hold stopped, check the agent's tab, observe it, and pass what was seen through the site gate
// (site-gate.ts, decision 0010): a page on an origin the task may not use is never shown. What the act half learnt
// that the next look needs (the agent moved, a tab it closed, a navigation under way) is the LookState.

import { safeParseOrigin } from '../../../shared/urls';
import type { NavigationMark } from '../core/ports';
import { observe, type StepView } from '../observe/observe';
import { frameGate, gateCheck, gateView } from '../observe/site-gate';
import { checkAgentTab, NAVIGATION_TIMEOUT_MS, type TabCheck } from '../observe/tab-check';
import { recordBaseline } from '../proof/baseline';
import { type Ending, end } from '../task/endings';
import { STOP_TEXT } from '../task/events';
import { settleHeld } from './held-navigation';
import type { RunContext } from './run-context';

export const NAVIGATION_DID_NOT_HAPPEN =
  `The navigation your last action started did not happen within ${NAVIGATION_TIMEOUT_MS / 1000} s (it may have been ` +
  'cancelled, or turned into a download): the tab still shows the page this observation shows.';

/** What one step leaves for the next look. */
export interface LookState {
  agentMoved: boolean;
  /**
   * A missing tab is expected on the first step of an instruction, after a step that already had none, and after the
   * agent's own close_tab; otherwise the tab vanished under the agent: "Tab was closed" (docs/contracts.md 000-E5a).
   */
  tabLossExpected: boolean;
  /** Tabs the agent's own calls (or the harness) navigated since the last look. */
  readonly navigated: Set<number>;
  /** A navigation the last step's actions started (or found under way) in the agent's tab: the look waits for it. */
  navigating: { tabId: number; since: NavigationMark } | null;
  /** The last page the agent saw on a site it may use: where a held navigation takes the tab back to. */
  lastAllowedUrl: string | null;
}

export function newLookState(): LookState {
  return { agentMoved: true, tabLossExpected: true, navigated: new Set(), navigating: null, lastAllowedUrl: null };
}

/** What a step saw: the view the model is shown, and the origin it may not use there (if any). */
export interface Look {
  tabId: number | null;
  view: StepView;
  denied: string | null;
}

/** Looks at the agent's tab for `step`; an Ending when what it finds ends the run (the tab closed, the origin moved). */
export async function look(run: RunContext, state: LookState, step: number): Promise<Look | Ending> {
  const { task, signal } = run;
  const tabId = run.tabs.currentTabId;
  await awaitNavigation(run, state, tabId);
  await settleHeldLoad(run, state, tabId);
  // Another live tab than last step's: the agent switched, or (stickiness off) followed the person. A tab that
  // disappeared without the agent closing it is not a move: it is "Tab was closed".
  const moved = state.agentMoved || (tabId !== null && tabId !== task.lastTabId);
  const check = await checkTab(run, state, tabId, moved);
  // The person closed (or took back) the agent's tab and the task went on in another of its tabs: look there.
  if (check.kind === 'stop' && check.cause === 'tab_closed' && movedOn(run, tabId)) return look(run, state, step);
  if (check.kind === 'stop') return end('stopped', check.summary, { stopCause: check.cause });
  const navigated = tabId !== null && state.navigated.has(tabId);
  const gate = await gateCheck(task.sites, check, navigated, signal);
  const { tabs, navigation } = run;
  const observed = {
    tabs,
    navigation,
    tabId,
    check: gate.check,
    navigated,
    signal,
    frameAllowed: frameGate(task.sites),
  };
  let view = await observe(observed);
  // The tab may vanish while it is observed (closed just as the step began): the same loss as above.
  if (!view.operable && tabId !== null && !state.tabLossExpected && !(await tabs.getTab(tabId))) {
    if (movedOn(run, tabId)) return look(run, state, step);
    return end('stopped', STOP_TEXT.tabClosed, { stopCause: 'tab_closed' });
  }
  const originMoved = pinOrigin(run, check, view, moved);
  if (originMoved) return originMoved;
  let denied = gate.check.kind === 'inoperable' ? gate.gated : null;
  if (!denied) ({ view, denied } = await gateView(task.sites, view, gate.gated, signal, () => observe(observed)));
  const tabFacts = tabs.takeFacts?.() ?? [];
  if (tabFacts.length > 0) view = { ...view, tabFacts };
  await seen(run, state, step, { tabId, view, denied });
  return { tabId, view, denied };
}

/**
 * The agent's tab left the task under it (closed or taken back by the person) and the task goes on in another of its
 * tabs (TabsManager): not an ending, a move.
 */
function movedOn(run: RunContext, tabId: number | null): boolean {
  const now = run.tabs.currentTabId;
  return now !== null && now !== tabId;
}

function checkTab(run: RunContext, state: LookState, tabId: number | null, agentMoved: boolean): Promise<TabCheck> {
  const { tabs, navigation, ownOrigin, signal, task } = run;
  const pinnedOrigin = task.pinnedOrigin;
  const tabLossExpected = state.tabLossExpected;
  return checkAgentTab({ tabs, navigation, tabId, pinnedOrigin, agentMoved, tabLossExpected, ownOrigin, signal });
}

/**
 * The origin the task works on follows the agent's own moves, never the page's: a ready tab on another origin that
 * the agent did not take there ends the run. Null when the run goes on.
 */
function pinOrigin(run: RunContext, check: TabCheck, view: StepView, moved: boolean): Ending | null {
  if (check.kind !== 'ready') return null;
  const { task } = run;
  // The snapshot may come from a document that committed after the check (the ready wait let it land).
  const origin = view.operable ? safeParseOrigin(view.url ?? undefined) : check.origin;
  if (!moved && task.pinnedOrigin && origin && origin !== task.pinnedOrigin) {
    return end('stopped', STOP_TEXT.originChanged(task.pinnedOrigin, origin), { stopCause: 'origin_changed' });
  }
  // Denied or not, the pinned origin is where the tab is: the next step asks nothing again, and is not mistaken
  // for a page that moved by itself.
  task.pinnedOrigin = origin ?? check.origin;
  return null;
}

/** Keeps what the step saw (its tab, the last allowed page, the proof baseline) and tells the panel. */
async function seen(run: RunContext, state: LookState, step: number, { tabId, view, denied }: Look): Promise<void> {
  const { task } = run;
  task.lastTabId = tabId;
  if (view.operable && !denied && view.url) state.lastAllowedUrl = view.url;
  state.navigated.clear();
  if (!denied) await recordBaseline(run.proof, run.tabs, view, run.signal);
  const digest = view.snapshot?.digest ?? null;
  const { url, operable } = view;
  run.emit({ type: 'step_started', taskId: task.taskId, step, tabId, url, operable, digest });
}

/**
 * Waits for the navigation the last step started in this tab, so the step never looks at (or acts on) the page
 * being left: Chrome does not always show a navigation in flight (a form submission leaves the tab `complete`
 * without a `pendingUrl` until it commits). One that does not come in time is said to the model.
 */
async function awaitNavigation(run: RunContext, state: LookState, tabId: number | null): Promise<void> {
  const navigating = state.navigating;
  state.navigating = null;
  if (!navigating || navigating.tabId !== tabId) return;
  const { signal, hold } = run;
  // A navigation the network hold stopped never commits: waiting for it would only run out the clock.
  const done = new AbortController();
  const stop = () => done.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const navigated = run.navigation.waitForNavigation(tabId, navigating.since, {
      timeoutMs: NAVIGATION_TIMEOUT_MS,
      signal: done.signal,
    });
    navigated.catch(() => {});
    const waits: Promise<string>[] = [navigated];
    if (hold) waits.push(hold.whenBlocked(tabId, done.signal).then(() => 'held'));
    const outcome = await Promise.race(waits);
    if (outcome === 'timeout') run.task.conversation.note(NAVIGATION_DID_NOT_HAPPEN);
  } finally {
    signal.removeEventListener('abort', stop);
    done.abort();
  }
}

/** A page load the network hold stopped in the agent's tab is asked about before the step looks at the tab. */
async function settleHeldLoad(run: RunContext, state: LookState, tabId: number | null): Promise<void> {
  const held = tabId === null ? null : (run.hold?.takeBlocked(tabId) ?? null);
  if (tabId === null || !held) return;
  const sent = await settleHeld(run, tabId, held, state.lastAllowedUrl);
  if (!sent) return;
  // The harness moved the tab: the next look waits for the new document and does not take it for the page moving
  // by itself.
  state.agentMoved = true;
  state.navigated.add(tabId);
}
