// The contract map's checker (docs/testing.md, Contract map): docs/contracts.md lists every behaviour the seeds
// specify, one table row each, with the modules that implement it (the "Implemented in" column, written as
// `src/path/file.ts`, optionally followed by `§name` for the function or constant to read first) and the tests that
// prove it (the "Proven by" column, written as `path/to/file.test.ts::exact test title`). A row without a module or
// without a test, a module or test file that does not exist, a `§name` its module does not contain, or a title that
// no `it(...)`/`test(...)` in that file carries is a failure, so the map cannot rot silently when code moves or a
// test is renamed or removed. Skipped and todo tests do not count as proof.

export interface ContractRow {
  id: string;
  behaviour: string;
  line: number;
  modules: ModuleRef[];
  refs: TestRef[];
}

export interface ModuleRef {
  /** From the repository's root, as written: `src/panel/agent/observe/tab-check.ts`. */
  path: string;
  /** The name after `§`, when the row points into the module. */
  name?: string;
}

export interface TestRef {
  file: string;
  title: string;
}

const REF = /`([^`\s]+\.(?:test|e2e)\.tsx?)::([^`]+)`/g;
const MODULE = /`([^`\s§]+\.[cm]?[jt]sx?)(?:\s*§\s*([\w$]+))?`/g;

/**
 * Rows of every table whose header has a "Proven by" column, with the modules of its "Implemented in" column (none
 * when the table has no such column).
 */
export function parseContractMap(markdown: string): ContractRow[] {
  const rows: ContractRow[] = [];
  let provenColumn = -1;
  let implementedColumn = -1;
  const lines = markdown.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line.startsWith('|')) {
      provenColumn = -1;
      return;
    }
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    const header = cells.findIndex((cell) => /^proven by$/i.test(cell));
    if (header >= 0) {
      provenColumn = header;
      implementedColumn = cells.findIndex((cell) => /^implemented in$/i.test(cell));
      return;
    }
    if (provenColumn < 0 || cells.every((cell) => /^:?-+:?$/.test(cell))) return;
    const proof = cells[provenColumn] ?? '';
    const implementation = implementedColumn < 0 ? '' : (cells[implementedColumn] ?? '');
    rows.push({
      id: cells[0] ?? '',
      behaviour: cells[1] ?? '',
      line: index + 1,
      modules: [...implementation.matchAll(MODULE)].map((m) =>
        m[2] ? { path: m[1] ?? '', name: m[2] } : { path: m[1] ?? '' },
      ),
      refs: [...proof.matchAll(REF)].map((m) => ({ file: m[1] ?? '', title: unescapeCell(m[2] ?? '') })),
    });
  });
  return rows;
}

const unescapeCell = (text: string) => text.replace(/\\\|/g, '|').trim();

/**
 * The titles of the tests a source file declares, as written (template placeholders stay as `${name}`).
 * `it.skip`, `it.todo` and `describe` titles are not tests that run, so they are left out.
 */
export function testTitles(source: string): Set<string> {
  const titles = new Set<string>();
  const call =
    /(?<![.\w])(?:it|test)(?:\.(?:only|concurrent|sequential|each\([^)]*\)))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const m of source.matchAll(call)) titles.add(unquote(m[2] ?? ''));
  return titles;
}

const unquote = (text: string) => text.replace(/\\(['"`\\])/g, '$1');

/** Whether `source` mentions `name` as a whole identifier (a declaration, a member, a call). */
export function mentions(source: string, name: string): boolean {
  const escaped = name.replace(/[$]/g, '\\$');
  return new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`).test(source);
}

export interface ContractProblem {
  line: number;
  id: string;
  message: string;
}

/** `readFile` returns a file's text by its path from the repository's root, or null when there is no such file. */
export function checkContracts(
  rows: readonly ContractRow[],
  readFile: (file: string) => string | null,
): ContractProblem[] {
  const problems: ContractProblem[] = [];
  const seen = new Map<string, number>();
  const sources = new Map<string, string | null>();
  const titlesOf = new Map<string, Set<string> | null>();
  const read = (file: string) => {
    if (!sources.has(file)) sources.set(file, readFile(file));
    return sources.get(file) ?? null;
  };
  for (const row of rows) {
    const at = { line: row.line, id: row.id };
    if (!row.id) problems.push({ ...at, message: 'row has no id' });
    const first = seen.get(row.id);
    if (first !== undefined) problems.push({ ...at, message: `id ${row.id} is also used on line ${first}` });
    seen.set(row.id, row.line);
    if (row.modules.length === 0) problems.push({ ...at, message: `no module implements "${row.behaviour}"` });
    for (const module of row.modules) {
      const source = read(module.path);
      if (source === null) problems.push({ ...at, message: `${module.path} does not exist` });
      else if (module.name && !mentions(source, module.name)) {
        problems.push({ ...at, message: `${module.path} has no §${module.name}` });
      }
    }
    if (row.refs.length === 0) problems.push({ ...at, message: `no test proves "${row.behaviour}"` });
    for (const ref of row.refs) {
      if (!titlesOf.has(ref.file)) {
        const source = read(ref.file);
        titlesOf.set(ref.file, source === null ? null : testTitles(source));
      }
      const titles = titlesOf.get(ref.file);
      if (!titles) problems.push({ ...at, message: `${ref.file} does not exist` });
      else if (!titles.has(ref.title)) problems.push({ ...at, message: `${ref.file} has no test "${ref.title}"` });
    }
  }
  return problems;
}
