// The reliability counts the fault and security suites publish (docs/testing.md, Faults and security): kills survived,
// faults injected by kind, hostile pages, bad inputs tried, actions doubled, tasks lost. Each test records what it
// actually did and checked, one JSON line per record, in a file shared by the run; the e2e global setup empties it
// first and prints the totals at the end, so the published table comes from the suite's own counts and never from a
// hand-written list.
//
// Record after the assertion that proves the count, so a failing test adds nothing it did not prove.

import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const RESULTS = resolve(import.meta.dirname, '../../test-results');
/**
 * The run's tally file. The e2e global setup names one per run (the env var reaches the test workers it starts), so
 * two runs on one machine never mix or wipe each other's counts.
 */
export const tallyFile = () => process.env.STEADYHAND_TALLY_FILE ?? resolve(RESULTS, 'reliability.jsonl');
export const REPORT_FILE = resolve(RESULTS, 'reliability.json');

/** Gives this run its own tally file; called by the e2e global setup before any test worker starts. */
export function beginTallies(): void {
  process.env.STEADYHAND_TALLY_FILE = resolve(RESULTS, `reliability-${process.pid}.jsonl`);
  rmSync(tallyFile(), { force: true });
}

export type TallyRecord =
  /** Service worker kills the task went through (CDP ServiceWorker.stopAllWorkers). */
  | { kind: 'kill'; n: number; where: string }
  /** A fault injected other than a kill: panel closed, tab closed, API 429, stream cut, ... */
  | { kind: 'fault'; name: string; n: number }
  /** A hostile fixture page the agent or page controller was run against. */
  | { kind: 'hostile'; name: string }
  /** A bad input tried against the product: invalid tool JSON, an unknown tool, a stale ref, a forged message. */
  | { kind: 'bad_input'; name: string; n: number }
  /** Actions whose effect on the page was counted afterwards, and how many of them took effect more than once. */
  | { kind: 'actions'; checked: number; doubled: number }
  /** Tasks run under faults, and how many of them were lost (no ending, or no record after the fault). */
  | { kind: 'tasks'; run: number; lost: number };

function append(record: TallyRecord): void {
  const file = tallyFile();
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export const tally = {
  kill: (where: string, n = 1) => append({ kind: 'kill', n, where }),
  fault: (name: string, n = 1) => append({ kind: 'fault', name, n }),
  hostile: (name: string) => append({ kind: 'hostile', name }),
  badInput: (name: string, n = 1) => append({ kind: 'bad_input', name, n }),
  actions: (checked: number, doubled: number) => append({ kind: 'actions', checked, doubled }),
  tasks: (run: number, lost: number) => append({ kind: 'tasks', run, lost }),
};

export interface ReliabilityReport {
  killsSurvived: number;
  killsByWhere: Record<string, number>;
  faultsByKind: Record<string, number>;
  hostilePages: string[];
  badInputsByKind: Record<string, number>;
  actionsChecked: number;
  actionsDoubled: number;
  tasksRun: number;
  tasksLost: number;
}

const add = (into: Record<string, number>, key: string, n: number) => {
  into[key] = (into[key] ?? 0) + n;
};

export function summarize(records: readonly TallyRecord[]): ReliabilityReport {
  const report: ReliabilityReport = {
    killsSurvived: 0,
    killsByWhere: {},
    faultsByKind: {},
    hostilePages: [],
    badInputsByKind: {},
    actionsChecked: 0,
    actionsDoubled: 0,
    tasksRun: 0,
    tasksLost: 0,
  };
  const hostile = new Set<string>();
  for (const r of records) {
    if (r.kind === 'kill') {
      report.killsSurvived += r.n;
      add(report.killsByWhere, r.where, r.n);
    } else if (r.kind === 'fault') add(report.faultsByKind, r.name, r.n);
    else if (r.kind === 'hostile') hostile.add(r.name);
    else if (r.kind === 'bad_input') add(report.badInputsByKind, r.name, r.n);
    else if (r.kind === 'actions') {
      report.actionsChecked += r.checked;
      report.actionsDoubled += r.doubled;
    } else {
      report.tasksRun += r.run;
      report.tasksLost += r.lost;
    }
  }
  report.hostilePages = [...hostile].sort();
  return report;
}

export function readTallies(file = tallyFile()): TallyRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as TallyRecord);
}

/** Reads the run's tallies and removes their file. */
export function takeTallies(): TallyRecord[] {
  const records = readTallies();
  rmSync(tallyFile(), { force: true });
  return records;
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

/** The table printed at the end of the e2e run; docs/testing.md copies its rows. */
export function formatReport(r: ReliabilityReport): string {
  const rows: [string, string][] = [
    ['service worker kills survived', `${r.killsSurvived} (${list(r.killsByWhere)})`],
    ['faults injected', `${sum(r.faultsByKind)} (${list(r.faultsByKind)})`],
    ['hostile pages', `${r.hostilePages.length} (${r.hostilePages.join(', ') || 'none'})`],
    ['bad inputs tried', `${sum(r.badInputsByKind)} (${list(r.badInputsByKind)})`],
    ['actions doubled', `${r.actionsDoubled} of ${r.actionsChecked} counted`],
    ['tasks lost', `${r.tasksLost} of ${r.tasksRun} run under faults`],
  ];
  return ['Reliability (from this run):', ...rows.map(([k, v]) => `  ${k.padEnd(30)} ${v}`)].join('\n');
}

export function writeReport(r: ReliabilityReport): void {
  mkdirSync(dirname(REPORT_FILE), { recursive: true });
  writeFileSync(REPORT_FILE, `${JSON.stringify(r, null, 2)}\n`);
}
