// The local MCP server (src/mcp-server/, decision 0030) as one Node ES module, `build/mcp-server/steadyhand-mcp.js`,
// the `steadyhand-mcp` bin of package.json. Its packages (the MCP SDK, ws, zod) stay imports: they are this package's
// dependencies, so the build is a few of our files and takes about a second.

import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const dependencies = Object.keys(pkg.dependencies);

export default defineConfig({
  // The extension's public/ (locales, icons) is no part of the server.
  publicDir: false,
  define: { __STEADYHAND_BUILD__: JSON.stringify(`${pkg.version}+${Date.now().toString(36)}`) },
  build: {
    outDir: 'build/mcp-server',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    target: 'node20',
    ssr: 'src/mcp-server/main.ts',
    rolldownOptions: {
      external: (id) =>
        id.startsWith('node:') ||
        builtinModules.includes(id) ||
        dependencies.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { entryFileNames: 'steadyhand-mcp.js', format: 'es', banner: '#!/usr/bin/env node' },
    },
  },
});
