import { describe, expect, it } from 'vitest';
import { checkContracts, parseContractMap, testTitles } from '../../support/contracts';

const MAP = `
# Map

| ID | Behaviour | Proven by |
|----|-----------|-----------|
| A1 | waits for the commit | \`test/unit/a.test.ts::waits for it\` |
| A2 | a pipe \\| in text | \`test/unit/a.test.ts::says "no" to it\`<br>\`test/e2e/b.e2e.ts::does it in Chromium\` |
| A3 | nothing proves this | — |

Some prose | with a pipe.

| ID | Behaviour | Where |
|----|-----------|-------|
| X1 | not a contract table | anything |
`;

const SOURCES: Record<string, string> = {
  'test/unit/a.test.ts': `
    it('waits for it', () => {});
    it("says \\"no\\" to it", () => {});
    it.skip('is skipped', () => {});
    it.todo('is to do');
    describe('a group', () => {});
    test(\`uses a \${name} template\`, () => {});
  `,
  'test/e2e/b.e2e.ts': `it('does it in Chromium', async () => {});`,
};

describe('the contract map checker', () => {
  it('reads each row of a table with a Proven by column, with its test references', () => {
    const rows = parseContractMap(MAP);
    expect(rows.map((r) => [r.id, r.refs.length])).toEqual([
      ['A1', 1],
      ['A2', 2],
      ['A3', 0],
    ]);
    expect(rows[1]?.refs[0]).toEqual({ file: 'test/unit/a.test.ts', title: 'says "no" to it' });
  });

  it('knows the titles of tests that run, and not skipped ones or describe blocks', () => {
    const titles = testTitles(SOURCES['test/unit/a.test.ts'] ?? '');
    expect([...titles].sort()).toEqual(['says "no" to it', `uses a \${name} template`, 'waits for it']);
  });

  it('reports a row without a test, a missing file, a missing title and a repeated id', () => {
    const rows = parseContractMap(`${MAP}
| ID | Behaviour | Proven by |
|---|---|---|
| A1 | again | \`test/unit/gone.test.ts::anything\` |
| B1 | renamed | \`test/unit/a.test.ts::is skipped\` |
`);
    const problems = checkContracts(rows, (file) => SOURCES[file] ?? null);
    expect(problems.map((p) => `${p.id}: ${p.message}`)).toEqual([
      'A3: no test proves "nothing proves this"',
      'A1: id A1 is also used on line 6',
      'A1: test/unit/gone.test.ts does not exist',
      'B1: test/unit/a.test.ts has no test "is skipped"',
    ]);
  });

  it('passes a map whose every row names tests that exist', () => {
    const rows = parseContractMap(MAP).filter((r) => r.id !== 'A3');
    expect(checkContracts(rows, (file) => SOURCES[file] ?? null)).toEqual([]);
  });
});
