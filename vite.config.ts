import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.config.ts';
import pkg from './package.json' with { type: 'json' };

export default defineConfig({
  plugins: [preact(), crx({ manifest })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Extension code is loaded from disk; readable output makes stack traces from a user's console useful.
    minify: false,
    sourcemap: true,
  },
  define: { __STEADYHAND_BUILD__: JSON.stringify(`${pkg.version}+${Date.now().toString(36)}`) },
  server: { port: 5173, strictPort: true, hmr: { port: 5173 } },
});
