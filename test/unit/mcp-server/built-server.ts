// The server as `npm run build` makes it, built once per test file into build/ (beside the real one, so its packages
// resolve from this repo's node_modules), and a free loopback port for it.

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export { freePort } from '../../support/free-port';

export const ROOT = join(import.meta.dirname, '../../..');

export function buildServer(outDir: string): string {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      'vite.mcp-server.config.ts',
      '--outDir',
      outDir,
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  return join(ROOT, outDir, 'steadyhand-mcp.js');
}
