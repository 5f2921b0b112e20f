// The house rules biome.json enforces, shown on planted files: only the panel's adapters (src/panel/chrome/) touch
// chrome.*, as do the background and content contexts and the Node tooling (noRestrictedGlobals); file names under
// src/ and test/ are kebab-case (useFilenamingConvention). The files are planted in a scratch copy of the project's
// layout with the project's own biome.json, so `npm run check` fails on them the same way, and the tree stays clean.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');
const CHROME_CALL = 'export const version = chrome.runtime.getManifest().version;\n';
const PLAIN = 'export const version = 1;\n';

const PLANTED: Record<string, string> = {
  'src/panel/ui/planted.ts': CHROME_CALL,
  'src/panel/ui/thread/planted.tsx': CHROME_CALL,
  'src/panel/wiring/planted.ts': CHROME_CALL,
  'src/panel/agent/planted.ts': CHROME_CALL,
  'src/panel/planted-root.ts': CHROME_CALL,
  'src/shared/planted.ts': CHROME_CALL,
  'src/panel/chrome/planted.ts': CHROME_CALL,
  'src/background/planted.ts': CHROME_CALL,
  'src/content/planted.ts': CHROME_CALL,
  'src/panel/ui/PlantedCard.tsx': PLAIN,
  'src/panel/ui/planted_card.tsx': PLAIN,
  'test/unit/ui/PlantedCard.test.tsx': PLAIN,
  'src/panel/ui/planted-card.tsx': PLAIN,
  'test/unit/ui/planted-card.test.tsx': PLAIN,
};

/** Biome's findings on the planted files, as `rule file` lines (its GitHub reporter: one line per finding). */
let findings: string[] = [];
let scratch = '';

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'steadyhand-lint-'));
  copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));
  for (const [path, text] of Object.entries(PLANTED)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  let output = '';
  try {
    // The scratch folder is no git work tree: the ignore file biome.json reads from git does not apply.
    output = execFileSync(BIOME, ['lint', '--vcs-enabled=false', '--reporter=github', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  findings = [...output.matchAll(/^::error title=lint\/style\/(\w+),file=([^,]+),/gm)].map(
    ([, rule, file]) => `${rule} ${(file ?? '').slice(scratch.length + 1)}`,
  );
}, 30_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const flagged = (rule: string) =>
  findings
    .filter((finding) => finding.startsWith(`${rule} `))
    .map((finding) => finding.slice(rule.length + 1))
    .sort();

describe('the house rules in biome.json', () => {
  it('refuse chrome.* anywhere in src/ but the adapters, the background and content contexts', () => {
    expect(flagged('noRestrictedGlobals')).toEqual([
      'src/panel/agent/planted.ts',
      'src/panel/planted-root.ts',
      'src/panel/ui/planted.ts',
      'src/panel/ui/thread/planted.tsx',
      'src/panel/wiring/planted.ts',
      'src/shared/planted.ts',
    ]);
  });

  it('refuse a file name under src/ or test/ that is not kebab-case', () => {
    expect(flagged('useFilenamingConvention')).toEqual([
      'src/panel/ui/PlantedCard.tsx',
      'src/panel/ui/planted_card.tsx',
      'test/unit/ui/PlantedCard.test.tsx',
    ]);
  });
});
