// The widget suite's rules, apart from the browser so they can be unit tested: which actions were false
// verifications (docs/decisions/0023-widget-suite.md), and whether a run meets the suite's bar.

import type { Rate } from './report';

/** A tool result as the agent's events report it (src/panel/agent/task/events.ts, `tool_result`). */
export interface ResultSeen {
  name: string;
  outcome: string;
  summary: string;
  verification?: { verified: boolean };
}

export interface ActionJudged {
  tool: string;
  outcome: string;
  /** The result in one line, as the step card shows it. */
  summary: string;
  verified: boolean;
  /** The page's probe differed after the action. */
  changed: boolean;
}

/**
 * Pairs each page action with the page's state before and after it. The policy answers each model request with one
 * tool, so the i-th result answers request i: before is probes[i] (taken when request i arrived), after is
 * probes[i + 1] (the next request, or the probe taken once the task ended). Tools without a verification (done,
 * read_page, ...) are not page actions. `paired` is false when results and requests do not line up one to one.
 */
export function judgeActions(results: ResultSeen[], probes: string[]): { actions: ActionJudged[]; paired: boolean } {
  const actions = results.flatMap((result, i): ActionJudged[] => {
    if (!result.verification) return [];
    return [
      {
        tool: result.name,
        outcome: result.outcome,
        summary: result.summary,
        verified: result.verification.verified,
        changed: probes[i] !== probes[i + 1],
      },
    ];
  });
  return { actions, paired: results.length === probes.length - 1 };
}

/** A false verification: the agent said verified, and the page's task state saw no change at all. */
export const isFalseVerification = (action: ActionJudged) => action.verified && !action.changed;

export const BAR = { tasks: 60, overall: 0.98, family: 0.9, falseVerifications: 0 };

/** What keeps a run under the bar, in words; empty when it meets it. */
export function shortfalls(run: {
  overall: Rate;
  byFamily: Record<string, Rate>;
  falseVerifications: number;
}): string[] {
  const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
  return [
    ...(run.overall.total < BAR.tasks ? [`${run.overall.total} tasks, fewer than ${BAR.tasks}`] : []),
    ...(run.overall.rate < BAR.overall
      ? [`${percent(run.overall.rate)} of tasks passed, under ${percent(BAR.overall)}`]
      : []),
    ...Object.entries(run.byFamily)
      .filter(([, rate]) => rate.rate < BAR.family)
      .map(([family, rate]) => `family ${family}: ${percent(rate.rate)}, under ${percent(BAR.family)}`),
    ...(run.falseVerifications > BAR.falseVerifications ? [`${run.falseVerifications} false verifications`] : []),
  ];
}
