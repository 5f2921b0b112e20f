// The page's whole text as the done gate reads it, for a quote off screen and for a tab's baseline (decision 0024):
// read_page's largest pages, up to READ_LIMIT_CHARS.

import type { AgentTabs } from '../core/ports';

const READ_LIMIT_CHARS = 200_000;

/** The page's text, chunk by chunk, up to READ_LIMIT_CHARS (the baseline reads the same way). */
export async function readWholePage(
  ctx: { tabs: Pick<AgentTabs, 'page'>; signal: AbortSignal },
  tabId: number,
): Promise<string> {
  const page = ctx.tabs.page(tabId);
  let from: number | undefined = 0;
  let text = '';
  while (from !== undefined && text.length < READ_LIMIT_CHARS) {
    // The largest page read_page gives: each call walks the whole document, so fewer calls cost less.
    const chunk = await page.readPage({ from, maxChars: 50_000 }, { signal: ctx.signal });
    text += chunk.text;
    from = chunk.text.length > 0 ? chunk.next : undefined;
  }
  return text;
}
