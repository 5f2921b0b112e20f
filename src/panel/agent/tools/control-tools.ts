// Control tools: asking the person, and finishing. done is the only way a task succeeds, and only with evidence a
// fresh observation confirms (verify.ts).

import { z } from 'zod';
import { NOTE_TOOL } from '../model/context-budget';
import { type DoneDecision, type DoneInput, decideDone } from '../proof/verify';
import { defineTool } from './common';
import type { ToolContext } from './types';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

export const askUser = defineTool({
  name: 'ask_user',
  description:
    'Ask the person a question and wait for the reply: for missing details, a choice only they can make, or a ' +
    'step only they can do (log in, solve a captcha, confirm a payment).',
  schema: z.object({ question: z.string().min(1).max(1_000) }).strict(),
  group: 'control',
  // The person may use the tab while answering (log in, say), so the page may have moved when the reply comes.
  mayNavigate: true,
  usesPage: false,
  async run(input, ctx) {
    const reply = await ctx.ask(ctx.step, input.question);
    return {
      outcome: 'ok',
      text: `The person answered: ${reply}`,
      brief: `asked "${clip(input.question, 200)}" → "${clip(reply, 300)}"`,
    };
  },
});

export const done = defineTool({
  name: 'done',
  description:
    'Finish the task. success: true only when the goal is reached, with evidence a fresh look at the page will ' +
    'confirm: quotes (exact texts visible on the page now that only the result shows: a confirmation, an order ' +
    'number, a new status; not a button name, not text you typed, not text that was there before you acted) and/or ' +
    'urlContains (a part of the URL the result has). kind: "outcome" (default) when your actions brought the result ' +
    'about; "reading" when the task asked what a page says, and the quotes say what your answer reports. ' +
    'success: false when it cannot be done; say why in answer.',
  schema: z
    .object({
      success: z.boolean(),
      answer: z.string().min(1).describe('The result for the person: the answer found, or what was done, or why not.'),
      kind: z
        .enum(['outcome', 'reading'])
        .optional()
        .describe('outcome: your actions brought the result about (default). reading: an answer read from a page.'),
      evidence: z
        .object({
          quotes: z.array(z.string().min(1).max(300)).max(5).optional(),
          urlContains: z.string().min(1).optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
  group: 'control',
  mayNavigate: false,
  usesPage: false,
  async run(input, ctx) {
    const decision = unreadableEvidence(input, ctx) ?? (await decideDone(input, ctx));
    if (!decision.accepted) {
      return {
        outcome: 'ok',
        text: `done rejected: ${decision.reason}.`,
        ...(decision.pageText === undefined ? {} : { pageText: decision.pageText }),
        brief: `rejected: ${decision.reason}`,
        effects: { done: decision },
      };
    }
    const verified = decision.verified ? 'verified' : 'not verified';
    return {
      outcome: 'ok',
      text: `done accepted (${decision.status}, ${verified}).`,
      brief: `accepted (${decision.status}, ${verified})`,
      effects: { done: decision },
    };
  },
});

/**
 * Keeps a fact for the whole task. Old tool results, page views included, are cleared from the model's context to keep
 * it small; the calls of this tool are excluded from clearing (context-budget.ts), so what the model writes here is
 * still there twenty steps later.
 */
export const note = defineTool({
  name: NOTE_TOOL,
  description:
    'Write down a fact you will need later in the task (a price, a name, a date, an order number, what is left to ' +
    'do), in a few words. Older tool results and page views are cleared from your context after a while; notes are ' +
    'kept for the whole task.',
  schema: z.object({ text: z.string().min(1).max(1_000) }).strict(),
  group: 'control',
  mayNavigate: false,
  usesPage: false,
  async run(input) {
    return { outcome: 'ok', text: 'Noted.', brief: `noted "${clip(input.text, 200)}"` };
  },
});

export const CONTROL_TOOLS = [askUser, note, done];

/**
 * Quotes cannot be checked on a page the task may not read (decision 0010): reading it for them would tell the model
 * what the page says. Null when the done can be checked as usual.
 */
function unreadableEvidence(input: DoneInput, ctx: ToolContext): DoneDecision | null {
  const origin = ctx.deniedOrigin;
  const mode = ctx.settings.verifyMode;
  if (!input.success || !origin || mode === 'off' || !input.evidence?.quotes?.length) return null;
  const reason = `the quotes cannot be checked on ${origin}: ${ctx.sites.describeDenial(origin)}`;
  if (mode === 'strict') return { accepted: false, reason };
  const evidence = input.evidence ? { evidence: input.evidence } : {};
  const summary = `${input.answer} (unverified: ${reason})`;
  return { accepted: true, status: 'succeeded', verified: false, answer: input.answer, summary, ...evidence };
}
