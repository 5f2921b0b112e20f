// Accessibility checks with axe-core (https://github.com/dequelabs/axe-core) in a real page of the test browser:
// `seriousViolations(page)` runs axe on the page as it is now and returns what it found of impact serious or
// critical, small enough for `expect(...).toEqual([])` to print a readable diff.
//
// The panel is an extension page whose CSP allows no inline script, so `page.addScriptTag({ content })` is refused.
// axe's source goes in through `page.evaluate(source)` instead: Playwright evaluates it over CDP (Runtime), which the
// page's CSP does not govern. It is loaded once per document, and checked to have run.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, ImpactValue, RunOptions } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

/** One rule axe found broken, with the elements that break it (their CSS selectors, as axe reports them). */
export interface A11yViolation {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  /** One entry per failing element: its selector and, for colour contrast, what axe measured. */
  nodes: string[];
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/** The rules run: WCAG 2.x A and AA, and axe's best practices. */
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
};

/** Loads axe into the page's main world unless it is there already, and fails if it did not run. */
async function loadAxe(page: Page | Frame): Promise<string> {
  const loaded = () => page.evaluate(() => (globalThis as { axe?: { version?: string } }).axe?.version ?? null);
  const present = await loaded();
  if (present) return present;
  axeSource ??= readFileSync(AXE_PATH, 'utf8');
  // A string is evaluated as a script (not as a function), over CDP: the page's CSP does not apply.
  await page.evaluate(axeSource);
  const version = await loaded();
  if (!version) throw new Error(`axe-core did not load into ${page.url()} (is window.axe blocked?)`);
  return version;
}

/** Runs axe on the page (or on `context`: a selector, or axe's include/exclude) and returns its whole result. */
export async function runAxe(page: Page | Frame, context?: ElementContext): Promise<AxeResults> {
  await loadAxe(page);
  // Typed as unknown inside: Playwright's serialisation types cannot follow AxeResults.
  const results: unknown = await page.evaluate(
    ({ context, options }) => {
      const axe = (globalThis as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe;
      return axe.run(context ?? document, options);
    },
    { context: context as unknown, options: RUN_OPTIONS as unknown },
  );
  return results as AxeResults;
}

/** A failing element in one line: its selector, and for a contrast failure the colours and ratio axe measured. */
function describeNode(node: AxeResults['violations'][number]['nodes'][number]): string {
  const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' | ');
  const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string }
    | undefined;
  if (!contrast?.contrastRatio) return target;
  const { fgColor, bgColor, contrastRatio, expectedContrastRatio } = contrast;
  return `${target} (${fgColor} on ${bgColor}: ${contrastRatio}, needs ${expectedContrastRatio})`;
}

/**
 * The violations of impact serious or critical on the page now (none: `[]`), as
 * `{ id, impact, help, nodes: [selector...] }`, so `expect(await seriousViolations(panel)).toEqual([])` shows what
 * failed and where.
 */
export async function seriousViolations(page: Page | Frame, context?: ElementContext): Promise<A11yViolation[]> {
  const { violations } = await runAxe(page, context);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map(describeNode),
    }));
}
