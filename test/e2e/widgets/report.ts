// The widget suite's report: pass rates per library and per family, the false verifications, printed as tables and
// written to test-results/widgets.json (docs/testing.md, "Widget suite").

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TaskJudged } from './judge';
import { isFalseVerification } from './verdict';

export interface Rate {
  passed: number;
  total: number;
  rate: number;
}

export interface WidgetReport {
  overall: Rate;
  falseVerifications: number;
  actions: number;
  byLibrary: Record<string, Rate>;
  byFamily: Record<string, Rate>;
  failed: string[];
  /** Each false verification: task, tool and what the agent said. */
  falselyVerified: string[];
  tasks: TaskJudged[];
}

function rate(tasks: TaskJudged[]): Rate {
  const passed = tasks.filter((t) => t.passed).length;
  return { passed, total: tasks.length, rate: tasks.length === 0 ? 0 : passed / tasks.length };
}

function groupRates(tasks: TaskJudged[], key: (t: TaskJudged) => string): Record<string, Rate> {
  const groups = new Map<string, TaskJudged[]>();
  for (const task of tasks) groups.set(key(task), [...(groups.get(key(task)) ?? []), task]);
  return Object.fromEntries([...groups.entries()].sort().map(([name, group]) => [name, rate(group)]));
}

export function summarize(tasks: TaskJudged[]): WidgetReport {
  return {
    overall: rate(tasks),
    falseVerifications: tasks.reduce((sum, t) => sum + t.falseVerifications, 0),
    actions: tasks.reduce((sum, t) => sum + t.actions.length, 0),
    byLibrary: groupRates(tasks, (t) => t.library),
    byFamily: groupRates(tasks, (t) => t.family),
    failed: tasks.filter((t) => !t.passed).map((t) => t.id),
    falselyVerified: tasks.flatMap((t) =>
      t.actions.filter(isFalseVerification).map((a) => `${t.id}: ${a.tool} said ${a.summary}`),
    ),
    tasks,
  };
}

const percent = (r: Rate) => `${(r.rate * 100).toFixed(1)}%`;

function table(title: string, rates: Record<string, Rate>): string {
  const width = Math.max(title.length, ...Object.keys(rates).map((k) => k.length));
  const rows = Object.entries(rates).map(
    ([name, r]) => `${name.padEnd(width)}  ${`${r.passed}/${r.total}`.padStart(7)}  ${percent(r).padStart(6)}`,
  );
  return [`${title.padEnd(width)}  ${'passed'.padStart(7)}  ${'rate'.padStart(6)}`, ...rows].join('\n');
}

export function formatReport(report: WidgetReport): string {
  return [
    `Widget suite: ${report.overall.passed}/${report.overall.total} tasks passed (${percent(report.overall)}), ` +
      `${report.falseVerifications} false verifications in ${report.actions} page actions`,
    table('library', report.byLibrary),
    table('family', report.byFamily),
    report.failed.length ? `failed: ${report.failed.join(', ')}` : 'failed: none',
    ...(report.falselyVerified.length ? [`false verifications:\n  ${report.falselyVerified.join('\n  ')}`] : []),
  ].join('\n\n');
}

export function writeReport(report: WidgetReport): string {
  const dir = resolve(import.meta.dirname, '../../../test-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'widgets.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
