// A page load the network hold stopped (net-hold.ts), settled at the top of the next step: the person is asked about
// its site ("the page on shop.test tried to go to evil.test"). Allowed, a GET goes again, now let through; a POST is
// not sent again (the form's data would go without the person seeing the form), and the model is told it may submit
// once more. Denied, nothing of it was sent: the tab goes back to the page it left, and the model is told.

import { safeParseOrigin } from '../../../shared/urls';
import { mayNavigate, navigationTier } from '../observe/site-gate';
import { NAVIGATION_TIMEOUT_MS } from '../observe/tab-check';
import type { BlockedNavigation } from '../sites/net-hold';
import type { RunContext } from './run-context';

/** Whether the tab was sent somewhere (the held URL, or back to the page it left). */
export async function settleHeld(
  run: RunContext,
  tabId: number,
  held: BlockedNavigation,
  backTo: string | null,
): Promise<boolean> {
  const { task, signal } = run;
  const origin = safeParseOrigin(held.url);
  if (!origin) return false;
  const from = safeParseOrigin(backTo ?? undefined) ?? 'the page';
  const isGet = held.method === 'get';
  const why = {
    kind: 'navigation' as const,
    url: held.url,
    method: isGet ? ('get' as const) : ('post' as const),
    newTab: false,
    // No initiator: the browser itself (the address bar, a bookmark), which in a task's tab is the person.
    by: held.byBrowser ? ('browser' as const) : ('page' as const),
    from,
  };
  // Allowed already: not this hold's block (another extension's), or a URL the rules do not read as its origin.
  if (task.sites.verdict(origin, navigationTier(why)).kind === 'allowed') return false;
  const allowed = await mayNavigate(task.sites, origin, why, signal);
  if (allowed) await run.hold?.refresh();
  const target = allowed && isGet ? held.url : backTo;
  if (allowed && !isGet) {
    task.conversation.note(
      `The page on ${from} tried to submit a form to ${origin}; it was stopped before anything was sent. The person ` +
        `has now allowed ${origin}: submit the form again if the task needs it. The tab is back on the page it left.`,
    );
  } else if (!allowed) {
    task.conversation.note(
      `The page on ${from} tried to go to ${origin}: not_allowed: ${task.sites.describeDenial(origin)}, so nothing ` +
        `was sent there and the tab is back on the page it left. Do not try to reach ${origin} another way.`,
    );
  }
  const targetOrigin = safeParseOrigin(target ?? undefined);
  if (!target || !targetOrigin || run.tabs.currentTabId !== tabId) return false;
  await run.tabs.openUrl(target, { newTab: false, signal });
  await run.navigation.waitForUrlSettle(tabId, targetOrigin, NAVIGATION_TIMEOUT_MS, signal);
  return true;
}
