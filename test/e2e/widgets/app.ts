// The widget app (test/fixtures/widgets/) for the suite: built with Vite when its build is missing or older than its
// sources (a hash of the sources, the config and the lockfile), served under /widgets/ by the fixture server, and
// its tasks discovered by listing test/fixtures/widgets/src/tasks/<library>/<id>.tsx.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { serveFile } from '../../../src/tooling/static-server';
import type { Route } from '../kit';

const ROOT = resolve(import.meta.dirname, '../../..');
export const APP = join(ROOT, 'test/fixtures/widgets');
const DIST = join(APP, 'dist');
const STAMP = join(DIST, '.sources-hash');
const TASKS = join(APP, 'src/tasks');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  const files = [...filesUnder(join(APP, 'src')), join(APP, 'index.html'), join(APP, 'vite.config.ts')];
  for (const file of [...files.sort(), join(ROOT, 'package-lock.json')]) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Builds the app unless dist/ already holds a build of exactly these sources. Returns whether it built. */
export function ensureWidgetsBuilt(): boolean {
  const wanted = sourcesHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return false;
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  // A child process with NODE_ENV=production: vitest sets NODE_ENV=test, which would give React's development build.
  const built = spawnSync(process.execPath, [vite, 'build', '-c', join(APP, 'vite.config.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`The widget app did not build:\n${built.stdout}\n${built.stderr}`);
  writeFileSync(STAMP, wanted);
  return true;
}

/** Serves the built app: /widgets/?task=<library>/<id>. */
export const widgetsRoute: Route = async (_req, res, url) => {
  if (!url.pathname.startsWith('/widgets/')) return false;
  // Vite names every built asset by a hash of its content (https://vite.dev/guide/build#public-base-path), so the
  // browser may keep them as any deployment of such a build lets it: each task page then loads the libraries from
  // the cache, with their compiled code, instead of fetching and compiling megabytes of script again.
  if (url.pathname.startsWith('/widgets/assets/'))
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  await serveFile(DIST, res, url.pathname.slice('/widgets'.length));
  return true;
};

export interface TaskFile {
  /** `<library>/<id>` */
  id: string;
  library: string;
}

/** Every task of the app, by library then id. */
export function discoverTasks(): TaskFile[] {
  return readdirSync(TASKS)
    .filter((library) => statSync(join(TASKS, library)).isDirectory())
    .sort()
    .flatMap((library) =>
      readdirSync(join(TASKS, library))
        .filter((file) => file.endsWith('.tsx'))
        .sort()
        .map((file) => ({ id: `${library}/${file.slice(0, -'.tsx'.length)}`, library })),
    );
}
