// The widget suite's rules (test/e2e/widgets/verdict.ts, report.ts) and its layout: every task has a policy.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverTasks } from '../../e2e/widgets/app';
import type { TaskJudged } from '../../e2e/widgets/judge';
import { summarize } from '../../e2e/widgets/report';
import { judgeActions, type ResultSeen, shortfalls } from '../../e2e/widgets/verdict';

const click = (verified: boolean): ResultSeen => ({
  name: 'click',
  outcome: 'ok',
  summary: verified ? 'ok (dom_change)' : 'failed_verify',
  verification: { verified },
});
const done: ResultSeen = { name: 'done', outcome: 'done_accepted', summary: 'accepted' };

function task(id: string, family: string, passed: boolean, changed = true): TaskJudged {
  return {
    id,
    library: id.split('/')[0] ?? '',
    family,
    instruction: '',
    passed,
    state: {},
    agentStatus: 'succeeded',
    agentVerified: passed,
    actions: [{ tool: 'click', outcome: 'ok', summary: 'ok (dom_change)', verified: true, changed }],
    falseVerifications: changed ? 0 : 1,
  };
}

describe('widget suite verdict', () => {
  it('counts an action verified with no change of the page state as a false verification, and only that', () => {
    const { actions, paired } = judgeActions([click(true), click(true), click(false), done], ['a', 'b', 'b', 'b', 'b']);
    expect(paired).toBe(true);
    expect(actions.map((a) => [a.verified, a.changed])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
  });

  it('says when tool results and model requests do not line up', () => {
    expect(judgeActions([click(true)], ['a', 'b', 'c']).paired).toBe(false);
  });

  it('rates tasks per library and per family and lists each false verification', () => {
    const report = summarize([
      task('antd/a', 'select', true),
      task('antd/b', 'select', false),
      task('mui/c', 'tabs', true, false),
    ]);
    expect(report.overall).toEqual({ passed: 2, total: 3, rate: 2 / 3 });
    expect(report.byLibrary).toEqual({
      antd: { passed: 1, total: 2, rate: 0.5 },
      mui: { passed: 1, total: 1, rate: 1 },
    });
    expect(report.byFamily.select).toEqual({ passed: 1, total: 2, rate: 0.5 });
    expect(report.failed).toEqual(['antd/b']);
    expect(report.falseVerifications).toBe(1);
    expect(report.falselyVerified).toEqual(['mui/c: click said ok (dom_change)']);
  });

  it('holds a run to 60 tasks, 98% overall, 90% per family and no false verification', () => {
    const rate = (passed: number, total: number) => ({ passed, total, rate: passed / total });
    expect(shortfalls({ overall: rate(60, 60), byFamily: { select: rate(5, 5) }, falseVerifications: 0 })).toEqual([]);
    expect(
      shortfalls({ overall: rate(50, 59), byFamily: { select: rate(8, 10), tabs: rate(3, 3) }, falseVerifications: 2 }),
    ).toEqual([
      '59 tasks, fewer than 60',
      '84.7% of tasks passed, under 98.0%',
      'family select: 80.0%, under 90.0%',
      '2 false verifications',
    ]);
  });
});

describe('widget suite layout', () => {
  it('finds every task by its file, and every task has a policy beside the suite', () => {
    const tasks = discoverTasks();
    expect(tasks.length).toBeGreaterThanOrEqual(60);
    const policies = join(import.meta.dirname, '../../e2e/widgets/policies');
    expect(tasks.filter((t) => !existsSync(join(policies, `${t.id}.ts`))).map((t) => t.id)).toEqual([]);
    expect(new Set(tasks.map((t) => t.library))).toEqual(
      new Set(['antd', 'dnd', 'editors', 'mantine', 'mui', 'resizable']),
    );
  });
});
