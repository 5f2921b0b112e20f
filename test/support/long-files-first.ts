// Vitest's file order for a clean checkout, as CI has it: with no results cache, vitest runs larger files first, and
// the widget suite's file is small while its tasks (one per widget) run for minutes. Started last, it kept one worker
// busy after the other had finished everything else (the e2e project took 1,009 s for 1,775 s of files on two
// workers). The files that run longest go first; the rest keep vitest's own order.

import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The e2e files that take longest, longest first (seconds in a full run on two cores, 2026-11-27). */
const LONG_FILES = [
  'test/e2e/widgets/widgets.e2e.ts', // 350 s
  'test/e2e/nav-person-interferes.e2e.ts', // 170 s
];

const rank = (spec: TestSpecification): number => {
  const at = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return at < 0 ? LONG_FILES.length : at;
};

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects keep vitest's order; within each, the long files move to the front (Array.prototype.sort is stable,
    // so the rest keep theirs).
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec]);
    return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
  }
}
