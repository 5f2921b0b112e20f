import { describe, expect, it } from 'vitest';
import { checkContracts, parseContractMap, testTitles } from '../../support/contracts';

const MAP = `
# Map

| ID | Behaviour | Implemented in | Proven by |
|----|-----------|----------------|-----------|
| A1 | waits for the commit | \`src/a.ts\` | \`test/unit/a.test.ts::waits for it\` |
| A2 | a pipe \\| in text | \`src/a.ts §waitFor\`<br>\`src/b/c.tsx\` | \`test/unit/a.test.ts::says "no" to it\`<br>\`test/e2e/b.e2e.ts::does it in Chromium\` |
| A3 | nothing proves this | \`src/a.ts\` | — |

Some prose | with a pipe.

| ID | Behaviour | Where |
|----|-----------|-------|
| X1 | not a contract table | anything |
`;

const SOURCES: Record<string, string> = {
  'src/a.ts': 'export function waitFor() {}',
  'src/b/c.tsx': 'export const C = () => null;',
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

const read = (file: string) => SOURCES[file] ?? null;

describe('the contract map checker', () => {
  it('reads each row of a table with a Proven by column, with its modules and test references', () => {
    const rows = parseContractMap(MAP);
    expect(rows.map((r) => [r.id, r.modules.length, r.refs.length])).toEqual([
      ['A1', 1, 1],
      ['A2', 2, 2],
      ['A3', 1, 0],
    ]);
    expect(rows[1]?.modules).toEqual([{ path: 'src/a.ts', name: 'waitFor' }, { path: 'src/b/c.tsx' }]);
    expect(rows[1]?.refs[0]).toEqual({ file: 'test/unit/a.test.ts', title: 'says "no" to it' });
  });

  it('reads a table without an Implemented in column as rows without modules', () => {
    const rows = parseContractMap(`
| ID | Behaviour | Proven by |
|----|-----------|-----------|
| O1 | an older table | \`test/unit/a.test.ts::waits for it\` |
`);
    expect(rows).toMatchObject([{ id: 'O1', modules: [], refs: [{ title: 'waits for it' }] }]);
  });

  it('knows the titles of tests that run, and not skipped ones or describe blocks', () => {
    const titles = testTitles(SOURCES['test/unit/a.test.ts'] ?? '');
    expect([...titles].sort()).toEqual(['says "no" to it', `uses a \${name} template`, 'waits for it']);
  });

  it('reports a row without a test, a missing file, a missing title and a repeated id', () => {
    const rows = parseContractMap(`${MAP}
| ID | Behaviour | Implemented in | Proven by |
|---|---|---|---|
| A1 | again | \`src/a.ts\` | \`test/unit/gone.test.ts::anything\` |
| B1 | renamed | \`src/a.ts\` | \`test/unit/a.test.ts::is skipped\` |
`);
    const problems = checkContracts(rows, read);
    expect(problems.map((p) => `${p.id}: ${p.message}`)).toEqual([
      'A3: no test proves "nothing proves this"',
      'A1: id A1 is also used on line 6',
      'A1: test/unit/gone.test.ts does not exist',
      'B1: test/unit/a.test.ts has no test "is skipped"',
    ]);
  });

  it('reports a row that names no module, a module that does not exist and a § name its module lacks', () => {
    const rows = parseContractMap(`
| ID | Behaviour | Implemented in | Proven by |
|----|-----------|----------------|-----------|
| N1 | implemented nowhere | — | \`test/unit/a.test.ts::waits for it\` |
| N2 | implemented in a file that is gone | \`src/gone.ts\`<br>\`src/a.ts\` | \`test/unit/a.test.ts::waits for it\` |
| N3 | implemented by a function renamed since | \`src/a.ts §waitForIt\` | \`test/unit/a.test.ts::waits for it\` |
`);
    const problems = checkContracts(rows, read);
    expect(problems.map((p) => `${p.line} ${p.id}: ${p.message}`)).toEqual([
      '4 N1: no module implements "implemented nowhere"',
      '5 N2: src/gone.ts does not exist',
      '6 N3: src/a.ts has no §waitForIt',
    ]);
  });

  it('reports every row of a table that has no Implemented in column', () => {
    const rows = parseContractMap(`
| ID | Behaviour | Proven by |
|----|-----------|-----------|
| O1 | an older table | \`test/unit/a.test.ts::waits for it\` |
`);
    expect(checkContracts(rows, read).map((p) => p.message)).toEqual(['no module implements "an older table"']);
  });

  it('passes a map whose every row names modules and tests that exist', () => {
    const rows = parseContractMap(MAP).filter((r) => r.id !== 'A3');
    expect(checkContracts(rows, read)).toEqual([]);
  });
});
