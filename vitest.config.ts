import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __STEADYHAND_BUILD__: JSON.stringify('test') },
  // zustand's hooks import react; in the extension @preact/preset-vite aliases it to preact/compat, here we do.
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  test: {
    // Inline zustand so the react alias above applies to its imports.
    server: { deps: { inline: ['zustand'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
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
          // One Chromium at a time: the machine has two cores, and tests that switch focus must not race each other.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          globalSetup: ['test/support/e2e-global-setup.ts'],
          setupFiles: ['test/support/e2e-setup.ts'],
        },
      },
    ],
  },
});
