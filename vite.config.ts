import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import manifest from './manifest.config.ts';
import pkg from './package.json' with { type: 'json' };
import { CONTENT_SCRIPT_FILE } from './src/shared/content-script.ts';

const define = { __STEADYHAND_BUILD__: JSON.stringify(`${pkg.version}+${Date.now().toString(36)}`) };

/**
 * The content script as one self-contained classic script, emitted beside the extension's other files. The manifest
 * declares no content script: the panel has the worker inject this file into a task's tabs only (decision 0015).
 * A file declared in the manifest would be built by crxjs as a loader that imports web-accessible modules, which
 * any page could probe for. Under `npm run dev` the same build runs in watch mode, writing into crxjs's output.
 */
function contentScript(): Plugin {
  let outDir = 'dist';
  const options = (dev: boolean): InlineConfig => ({
    configFile: false,
    logLevel: 'warn',
    define,
    build: {
      outDir,
      write: dev,
      watch: dev ? {} : null,
      emptyOutDir: false,
      minify: false,
      sourcemap: true,
      lib: {
        entry: 'src/content/index.ts',
        formats: ['iife'],
        name: 'steadyhand',
        fileName: () => CONTENT_SCRIPT_FILE,
      },
      rolldownOptions: { output: { entryFileNames: CONTENT_SCRIPT_FILE } },
    },
  });
  return {
    name: 'steadyhand:content-script',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async configureServer(server) {
      const watcher = await build(options(true));
      server.httpServer?.on('close', () => {
        if ('close' in watcher) void watcher.close();
      });
    },
    async generateBundle() {
      const result = await build(options(false));
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
      for (const output of outputs) {
        const source = output.type === 'chunk' ? output.code : output.source;
        this.emitFile({ type: 'asset', fileName: output.fileName, source });
      }
    },
  };
}

export default defineConfig({
  plugins: [preact(), crx({ manifest }), contentScript()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Extension code is loaded from disk; readable output makes stack traces from a user's console useful.
    minify: false,
    sourcemap: true,
  },
  define,
  server: { port: 5173, strictPort: true, hmr: { port: 5173 } },
});
