// `npm run zip`: packs dist/ into a store-ready zip (no source maps), named after the version.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { zipSync } from 'fflate';
import pkg from '../../package.json' with { type: 'json' };

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const entries: Record<string, Uint8Array> = {};
for (const file of files(DIST)) {
  if (file.endsWith('.map') || file.endsWith('.vite/manifest.json')) continue;
  entries[relative(DIST, file).split('\\').join('/')] = readFileSync(file);
}
if (!('manifest.json' in entries)) throw new Error('dist/manifest.json is missing: run `npm run build` first.');

const out = join(ROOT, `steadyhand-${pkg.version}.zip`);
writeFileSync(out, zipSync(entries, { level: 9 }));
console.log(`${relative(ROOT, out)}: ${Object.keys(entries).length} files, ${statSync(out).size} bytes`);
