import { defineConfig } from 'vitest/config';
import LongFilesFirst from './test/support/long-files-first.ts';

export default defineConfig({
  define: { __STEADYHAND_BUILD__: JSON.stringify('test') },
  // zustand's hooks import react; in the extension @preact/preset-vite aliases it to preact/compat, here we do.
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  test: {
    // The longest e2e files start first, so two workers finish together (test/support/long-files-first.ts).
    sequence: { sequencer: LongFilesFirst },
    // Inline zustand so the react alias above applies to its imports.
    server: { deps: { inline: ['zustand'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Worker threads start faster than forked processes: the project ran in 98 s instead of 115 s on 2 cores.
          pool: 'threads',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['test/support/setup-unit.ts'],
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          environment: 'node',
          // Two files at a time, each with its own Chromium, fixture site and stand-in: most of an e2e test is waiting
          // (slow pages, quiet windows), so two cores run two browsers. Focus is per browser, so tests that switch it
          // do not race each other; the whole project ran 8 min instead of 12.5.
          fileParallelism: true,
          maxWorkers: 2,
          // Vitest runs projects with different worker counts one after the other: the unit project first.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          globalSetup: ['test/support/e2e-global-setup.ts'],
          setupFiles: ['test/support/e2e-setup.ts'],
        },
      },
    ],
  },
});
