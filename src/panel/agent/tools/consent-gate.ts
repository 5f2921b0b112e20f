// The consent gate before an action (decision 0026): the content script said, in the same read as the action's
// navigation target (navigation-gate.ts), that a click or Enter would take a consequential step (pay, order, post, sign
// up or in, delete, change an account setting, or send a form whose purpose it could not tell). Unless the task's
// consent covers it, the person is asked and the action waits; their no reaches the model as the tool's result.

import type { Consequence } from '../../../shared/consent-types';
import type { ToolContext, ToolOutput } from './types';

const KIND_WORDS: Record<Consequence['kind'], string> = {
  payment: 'a payment',
  order: 'an order',
  post: 'a post or message sent for the person',
  signup: 'creating an account',
  signin: 'signing in',
  delete: 'a deletion',
  account: "a change to the person's account settings",
  submit: 'sending a form',
};

/** The refusal the model reads when the person declined the step. */
export function declined(what: string, origin: string, step: Consequence): ToolOutput {
  const sent = step.request
    ? 'the form was not submitted and none of its data was sent'
    : 'the button was not pressed and nothing was sent';
  const control = step.control ? ` ("${step.control}")` : '';
  const text =
    `${what}: declined: this step is ${KIND_WORDS[step.kind]} on ${origin}${control}; the person was asked and ` +
    `declined it, so it was not done: ${sent}. Do not try to do it another way (another button, Enter, a script ` +
    'or another page). Go on with what does not need it, or call done with success: false and say the person ' +
    'declined this step.';
  return {
    outcome: 'execute_error',
    text,
    brief: `declined by the person: ${step.kind}`,
    effects: { siteDenied: origin },
  };
}

/**
 * Null when the step may go on (no consent gate, covered, or allowed by the person), else the refusal. `goesTo` is
 * the origin its form posts to when that is another site not settled yet: the person's yes allows it too, so the
 * step asks one question.
 */
export async function refusedConsent(
  ctx: ToolContext,
  from: string,
  step: Consequence,
  goesTo: string | null,
  what: string,
): Promise<ToolOutput | null> {
  if (!ctx.consent) return null;
  // An act here, or a post there, that the site rules refuse is refused by them without a question.
  if (ctx.sites.verdict(from, 'act').kind === 'denied') return null;
  if (goesTo && ctx.sites.verdict(goesTo, step.request?.method === 'post' ? 'act' : 'read').kind === 'denied') {
    return null;
  }
  const { allowed, asked } = await ctx.consent.settle(from, step, ctx.signal);
  if (!allowed) return declined(what, from, step);
  if (asked) {
    ctx.sites.allowWithStep(from);
    if (goesTo) ctx.sites.allowWithStep(goesTo);
    // The rules must let the request through before the action sends it.
    await ctx.hold?.refresh();
  }
  return null;
}
