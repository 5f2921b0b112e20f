// The baseline of a tab (decision 0024): what it showed at its first observation in an instruction, before the task
// acted there, and what a page the task opened by its address showed when it arrived. Evidence found in a baseline was
// not brought about by this instruction. A tab that appeared during the instruction by the task's own doing (a popup
// its click opened) has an empty baseline: everything on it came after the task acted.

import { isAbort } from '../core/abort';
import type { AgentTabs } from '../core/ports';
import type { StepView } from '../observe/observe';
import { readWholePage } from './page-text';
import type { ProofLedger } from './proof-ledger';

export async function recordBaseline(
  ledger: ProofLedger,
  tabs: AgentTabs,
  view: StepView,
  signal: AbortSignal,
): Promise<void> {
  ledger.startWith(view.tabs.map((tab) => tab.tabId).concat(view.tabId ?? []));
  const { tabId, snapshot } = view;
  if (tabId === null || !view.operable || !snapshot || !ledger.wantsBaseline(tabId)) return;
  if (ledger.appearedByAction(tabId)) {
    ledger.recordBaseline(tabId, '', []);
    return;
  }
  const texts = [snapshot.title, snapshot.text];
  for (const element of snapshot.elements) texts.push(element.name, element.value ?? '');
  try {
    texts.push(await readWholePage({ tabs, signal }, tabId));
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    // The snapshot alone is the baseline then: a page that cannot be read now could not be quoted from either.
  }
  ledger.recordBaseline(tabId, snapshot.url, texts);
}
