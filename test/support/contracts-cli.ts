// `npm run contracts`: checks docs/contracts.md against the source and test files and prints what is missing. Exit 1
// on any problem, so CI fails when a row names no module or no test, or one that no longer exists.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkContracts, parseContractMap } from './contracts';

const ROOT = resolve(import.meta.dirname, '../..');
const MAP = resolve(ROOT, 'docs/contracts.md');

const rows = parseContractMap(readFileSync(MAP, 'utf8'));
const problems = checkContracts(rows, (file) => {
  const path = resolve(ROOT, file);
  return existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : null;
});

if (rows.length === 0) {
  console.error('contracts: docs/contracts.md has no rows');
  process.exit(1);
}
for (const p of problems) console.error(`docs/contracts.md:${p.line} ${p.id}: ${p.message}`);
const modules = new Set(rows.flatMap((row) => row.modules.map((module) => module.path)));
const tests = new Set(rows.flatMap((row) => row.refs.map((ref) => `${ref.file}::${ref.title}`)));
console.log(
  `contracts: ${rows.length} behaviours, ${modules.size} modules, ${tests.size} distinct tests, ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
);
process.exit(problems.length === 0 ? 0 : 1);
