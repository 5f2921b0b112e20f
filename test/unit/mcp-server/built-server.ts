// The server as `npm run build` makes it, built once per test file into build/ (beside the real one, so its packages
// resolve from this repo's node_modules), and a free loopback port for it.

import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
