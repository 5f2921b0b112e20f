// Tools that read the page without changing it, plus the bounded wait. The prompt steers information tasks here
// ("don't click through what you can read"). Everything they return is page content, so it goes to the model as
// untrusted data inside nonce markers.

import { z } from 'zod';
import { isSteadyhandError, PageError, SteadyhandError } from '../../../shared/errors';
import { isAbort } from '../core/abort';
import { capEcho } from '../core/echo';
import { MAX_TURN_WAIT_MS, seconds } from '../task/turn-limits';
import { withheldRead } from './common';
import { pageTool } from './page-tool';
import type { ToolContext } from './types';

export const MAX_WAIT_MS = 15_000;
const DEFAULT_READ_CHARS = 8_000;

export const readPage = pageTool({
  name: 'read_page',
  description:
    "Read the page's text content (main text, lists, tables), in chunks. Use it to find information instead of " +
    'clicking around. Continue with `from` set to the offset the previous chunk gave.',
  schema: z
    .object({
      from: z.number().int().nonnegative().optional().describe('Character offset to start at (default 0).'),
      maxChars: z.number().int().min(500).max(20_000).optional().describe(`Default ${DEFAULT_READ_CHARS}.`),
    })
    .strict(),
  mayNavigate: false,
  async run(input, { page, tabId, options }, ctx) {
    const from = input.from ?? 0;
    const result = await page.readPage({ from, maxChars: input.maxChars ?? DEFAULT_READ_CHARS }, options());
    const withheld = await withheldRead(ctx, 'read_page', tabId);
    if (withheld) return withheld;
    const end = result.from + result.text.length;
    const more = result.next === undefined ? 'end of page' : `more from offset ${result.next}`;
    return {
      outcome: 'ok',
      text: `read_page: characters ${result.from}–${end} of ${result.total} (${more}).`,
      pageText: result.text,
      brief: `ok, read ${result.from}–${end} of ${result.total}`,
    };
  },
});

export const find = pageTool({
  name: 'find',
  description:
    'Search the page for text or an element by words (e.g. "price", "Sign in button"); returns matches with refs. ' +
    'A text match\'s ref (`[41] text "…"`) is the element holding that text: click, double_click or right_click it ' +
    'when the page made the text itself clickable (an editable cell, a block with a context menu). Inside an ' +
    "editor the words get text refs too, after the editor's own: double_click one to select its first word.",
  schema: z
    .object({
      query: z.string().min(1),
      limit: z.number().int().min(1).max(30).optional().describe('Default 10.'),
    })
    .strict(),
  mayNavigate: false,
  async run(input, { page, tabId, options }, ctx) {
    const { matches } = await page.find({ query: input.query, limit: input.limit ?? 10 }, options());
    const withheld = await withheldRead(ctx, 'find', tabId);
    if (withheld) return withheld;
    const lines = matches.map((match) => {
      const where = match.inViewport ? '' : ' (off screen)';
      // A control's match text is already its observation line (role, name, state): only the ref goes in front.
      if (match.ref !== undefined) return `[${match.ref}] ${match.text}${where}`;
      const role = match.role ? `${match.role} ` : '';
      return `${role}"${match.text}"${where}`;
    });
    return {
      outcome: 'ok',
      text: `find: ${matches.length} match${matches.length === 1 ? '' : 'es'}.`,
      ...(lines.length > 0 ? { pageText: lines.join('\n') } : {}),
      brief: `ok, ${matches.length} matches`,
    };
  },
});

export const waitFor = pageTool({
  name: 'wait_for',
  description: `Wait until text appears on the page or element \`ref\` is present (at most ${MAX_WAIT_MS / 1000} s).`,
  schema: z
    .object({
      text: z.string().min(1).optional(),
      ref: z.number().int().nonnegative().optional(),
      timeoutMs: z.number().int().min(100).max(MAX_WAIT_MS).optional().describe('Default 5000.'),
    })
    .strict()
    .refine((input) => input.text !== undefined || input.ref !== undefined, {
      message: 'give `text` or `ref` to wait for',
    }),
  mayNavigate: false,
  async run(input, { page, snapshotId, options }, ctx) {
    const asked = input.timeoutMs ?? 5_000;
    // One turn's waits together are capped (turn-limits.ts): a wait past what is left is cut short, and said so.
    const timeoutMs = Math.min(asked, ctx.waitLeftMs ?? asked);
    const cut =
      timeoutMs < asked
        ? ` (cut from ${asked} ms: one turn's waits add up to at most ${seconds(MAX_TURN_WAIT_MS)})`
        : '';
    const { found, waitedMs } = await page.waitFor(
      {
        timeoutMs,
        ...(input.text === undefined ? {} : { text: input.text }),
        ...(input.ref === undefined ? {} : { ref: input.ref, snapshotId }),
      },
      // The page bounds the wait itself; the call deadline only catches a page that stopped answering.
      options(timeoutMs + 5_000),
    );
    const what = input.text === undefined ? `[${input.ref}]` : `"${capEcho(input.text)}"`;
    return found
      ? { outcome: 'ok', text: `wait_for: ${what} is there (after ${waitedMs} ms).`, brief: 'ok, found' }
      : {
          outcome: 'ok',
          text: `wait_for: ${what} did not appear within ${timeoutMs} ms${cut}.`,
          brief: `not found in ${timeoutMs} ms`,
        };
  },
});

export const screenshot = pageTool({
  name: 'screenshot',
  description: 'Take a screenshot of the visible part of the page (for layout or images the text view misses).',
  schema: z.object({}).strict(),
  mayNavigate: false,
  enabled: (settings) => settings.vision,
  async run(_input, { tabId }, ctx) {
    if (!ctx.capture) throw new PageError('not_allowed', 'Screenshots are not available in this panel.');
    const image = await ctx.capture(tabId, { signal: ctx.signal });
    const withheld = await withheldRead(ctx, 'screenshot', tabId);
    if (withheld) return withheld;
    return { outcome: 'ok', text: `screenshot of tab ${tabId}:`, image, brief: 'ok, screenshot' };
  },
});

const MAX_EVAL_CHARS = 4_000;

export const evaluate = pageTool({
  name: 'evaluate',
  description: 'Run a JavaScript expression in the page and return its result as text. Prefer the other tools.',
  schema: z.object({ script: z.string().min(1).max(10_000) }).strict(),
  mayNavigate: true,
  enabled: (settings) => settings.allowScript,
  async run(input, { page, tabId, options }, ctx) {
    // The script may fetch or navigate anywhere: while it runs, every request of the tab to a site the task has
    // not been allowed is held, not only page loads.
    const strict = await ctx.hold?.strict();
    let result: string;
    try {
      ({ result } = await page.evaluate({ script: input.script }, options()));
    } catch (error) {
      throw fencedScriptError(error, ctx);
    } finally {
      await strict?.release();
    }
    const withheld = await withheldRead(ctx, 'evaluate', tabId);
    if (withheld) return withheld;
    const clipped = result.length > MAX_EVAL_CHARS ? `${result.slice(0, MAX_EVAL_CHARS)}… (clipped)` : result;
    return { outcome: 'ok', text: 'evaluate: result:', pageText: clipped, brief: 'ok' };
  },
});

/**
 * The page's words in a script's failure (src/content/actions/verbs/evaluate.ts): what the script threw (`internal`; the page
 * can replace anything the script calls, so it writes what is thrown) and the parse error the page's window reported
 * (`invalid_argument`). They go to the model fenced, only the code outside (decision 0025). The extension's own
 * refusals (a CSP that forbids scripts, a timeout, a lost relay) stay as they are, and so does an abort.
 */
const PAGE_WORDS = new Set(['internal', 'invalid_argument']);

function fencedScriptError(error: unknown, ctx: ToolContext): unknown {
  if (isAbort(error, ctx.signal) || !isSteadyhandError(error) || error.pageText !== undefined) return error;
  if (!PAGE_WORDS.has(error.code)) return error;
  const message = 'the script did not return a result; what the page reported:';
  return new SteadyhandError(error.code, message, { cause: error, pageText: error.message });
}

export const READ_TOOLS = [readPage, find, waitFor, screenshot, evaluate];
