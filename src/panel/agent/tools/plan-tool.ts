// propose_plan, offered only in tasks that run in "Ask before acting" (decision 0026): the model's plan goes to the
// person, whose answer (the plan as approved, edited or not, or a cancel) comes back as the tool's result. The order (a
// plan before anything acts) is kept by the loop (plan-rule.ts), not by `tool_choice`: forcing a tool is refused with
// thinking on this repository's default model
// (https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows).

import { z } from 'zod';
import { CONSENT_KINDS } from '../../../shared/consent-types';
import { safeParseOrigin } from '../../../shared/urls';
import { approvedPlanText, CANCELLED_PLAN_TEXT, KIND_LIST, planSite, siteCovers } from '../sites/plan';
import { defineTool } from './common';

export const PROPOSE_PLAN = 'propose_plan';

const isOrigin = (value: string) => safeParseOrigin(value) === value.replace(/\/+$/, '').toLowerCase();

const schema = z
  .object({
    summary: z.string().min(1).max(300).describe('What the task will do, in one line.'),
    sites: z
      .array(
        z
          .string()
          .min(1)
          .max(200)
          .refine((site) => planSite(site) !== null, 'not an origin (https://shop.example) or a host (shop.example)'),
      )
      .min(1)
      .max(10)
      .describe('Every site the task needs: origins (https://shop.example) or hosts (shop.example).'),
    changes: z
      .array(
        z
          .object({
            site: z
              .string()
              .min(1)
              .max(200)
              .refine(isOrigin, 'not an origin (scheme, host and port: https://shop.example)')
              .describe('The origin the change is made on; one of the sites.'),
            kind: z.enum(CONSENT_KINDS).describe(`One of ${KIND_LIST}.`),
            what: z.string().min(1).max(200).describe('The change in a few words ("Place the order for one fern").'),
          })
          .strict(),
      )
      .max(10)
      .describe('Each consequential change the task will make, one per kind and site; empty when it only reads.'),
    steps: z.string().min(1).max(1_500).describe('The steps, a few short lines.'),
  })
  .strict()
  .superRefine((plan, issues) => {
    for (const [index, change] of plan.changes.entries()) {
      const origin = safeParseOrigin(change.site);
      if (origin && !plan.sites.some((site) => siteCovers(site, origin))) {
        issues.addIssue({ code: 'custom', path: ['changes', index, 'site'], message: "not one of the plan's sites" });
      }
    }
  });

export const proposePlan = defineTool({
  name: PROPOSE_PLAN,
  description:
    'Propose the plan for this instruction to the person before acting (this task runs in "Ask before acting"): ' +
    'a one-line summary, every site you need, each consequential change you will make (the site, its kind, what it ' +
    'is) and the steps in a few lines. The person approves, edits or cancels it; the result is the approved plan. ' +
    'Call it alone in its turn.',
  schema,
  group: 'control',
  mayNavigate: false,
  usesPage: false,
  enabled: (settings) => settings.autonomy === 'ask_first',
  async run(input, ctx) {
    if (!ctx.proposePlan) {
      return { outcome: 'execute_error', text: 'No one can approve a plan here.', brief: 'no one to approve it' };
    }
    const proposed = {
      summary: input.summary.trim(),
      sites: [...new Set(input.sites.flatMap((site) => planSite(site) ?? []))],
      changes: input.changes.map((change) => ({
        origin: safeParseOrigin(change.site) ?? change.site,
        kind: change.kind,
        what: change.what.trim(),
      })),
      steps: input.steps.trim(),
    };
    const outcome = await ctx.proposePlan(ctx.step, proposed);
    if (!outcome.approved) {
      return {
        outcome: 'ok',
        text: CANCELLED_PLAN_TEXT,
        brief: 'cancelled by the person',
        effects: { planCancelled: true },
      };
    }
    // The approval allowed the plan's sites: the network hold lets their requests through from now on.
    await ctx.hold?.refresh();
    const edited =
      outcome.edits.removedSites.length + outcome.edits.removedChanges.length > 0 || outcome.edits.stepsEdited;
    return {
      outcome: 'ok',
      text: approvedPlanText(outcome.plan, outcome.edits),
      brief: edited || outcome.edits.note ? 'approved with edits' : 'approved',
    };
  },
});
