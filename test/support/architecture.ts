// The floor plan as a checker (docs/architecture.md, Panel): which part of src/ may import which, and no circles. The
// import graph is read from the sources as text (every `import … from`, `export … from` and `import()`, types included:
// a type-only circle is still two files that cannot be understood apart). The rules are a table of allowed dependencies
// per folder, in the manner of Playwright's DEPS.list files. test/unit/architecture.test.ts applies them to src/;
// test/unit/support/architecture.test.ts shows that they fail on planted violations. Inside the panel, the agent core
// has its own sub-layers (AGENT_LAYERS), checked the same way.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** File → the files it imports, as paths relative to src/ (packages left out). */
export type ImportGraph = Map<string, string[]>;

/**
 * The panel's layers, innermost first: each may import itself, src/shared, and the layers listed for it. The agent
 * core reaches the browser only through its ports; adapters (chrome/) implement the ports of the layers they serve
 * and build nothing; wiring/ and the panel's root files (main.tsx, prefill.ts) compose the rest.
 */
export const PANEL_LAYERS: Readonly<Record<string, readonly string[]>> = {
  agent: [],
  page: [],
  demo: ['agent'],
  tabs: ['agent', 'page'],
  mask: ['agent', 'page', 'tabs'],
  store: ['agent'],
  bridge: ['store'],
  ui: ['agent', 'store'],
  chrome: ['agent', 'page', 'tabs', 'mask', 'store', 'bridge'],
  wiring: ['agent', 'page', 'demo', 'tabs', 'mask', 'store', 'bridge', 'ui', 'chrome'],
  // Other agents' calls over MCP (issue 29), answered over the host of the panel's tasks.
  delegation: ['agent', 'page', 'tabs', 'mask', 'store', 'wiring'],
  '.': ['agent', 'page', 'demo', 'tabs', 'mask', 'store', 'bridge', 'ui', 'chrome', 'wiring', 'delegation'],
};

/** The extension's three contexts, and the local MCP server (src/mcp-server/, Node): each imports only src/shared. */
export const CONTEXTS = ['panel', 'background', 'content', 'mcp-server'] as const;

const SPECIFIER = /(?:import|export)[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Reads every .ts/.tsx file under `srcDir` and what it imports by relative path. */
export function readImportGraph(srcDir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = resolveSpecifier(file, specifier);
      // Outside src (the translation catalogue's type in public/) is no part of the floor plan.
      if (target && !relative(srcDir, target).startsWith('..')) targets.push(relative(srcDir, target));
    }
    graph.set(relative(srcDir, file), targets);
  }
  return graph;
}

/** The extension contexts share code only through src/shared, and src/shared depends on none of them. */
export function contextViolations(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = file.split('/')[0] ?? '';
    for (const target of targets) {
      const to = target.split('/')[0] ?? '';
      if (to === from || to === 'shared') continue;
      if ((CONTEXTS as readonly string[]).includes(from) || from === 'shared') found.push(`${file} → ${target}`);
    }
  }
  return found;
}

/**
 * The agent core's sub-layers, innermost first, the same way (Playwright keeps one DEPS.list per folder, e.g.
 * https://github.com/microsoft/playwright/blob/4630f20f69fc5c45c71323397fd0bdf2b6b8bcac/packages/playwright-core/src/server/DEPS.list):
 * each folder of src/panel/agent may import itself, src/shared, and the folders listed for it. core: the ports, the
 * settings, time and abort; model: the model client; sites: site permissions, consent and the network hold; task:
 * what a task keeps and tells (events, files, progress, endings); observe: the tab check, the observation and its
 * site gate; proof: the done check; tools: what the model may call; run: the controller, the loop and the prompt;
 * replay: a saved task played as the model's turns (issue 30), over the run's observation reader. The agent's root holds only index.ts, its entry for the rest of the panel.
 */
export const AGENT_LAYERS: Readonly<Record<string, readonly string[]>> = {
  core: [],
  model: ['core'],
  sites: ['core'],
  task: ['core', 'model', 'sites'],
  observe: ['core', 'sites', 'task'],
  proof: ['core', 'sites', 'task', 'observe'],
  tools: ['core', 'model', 'sites', 'task', 'observe', 'proof'],
  run: ['core', 'model', 'sites', 'task', 'observe', 'proof', 'tools'],
  replay: ['core', 'model', 'sites', 'task', 'observe', 'proof', 'tools', 'run'],
  '.': ['core', 'model', 'sites', 'task', 'observe', 'proof', 'tools', 'run', 'replay'],
};

/** The layer of a file under `root`: its first folder there, '.' for root's own files, null outside `root`. */
function layerUnder(root: string, file: string): string | null {
  if (!file.startsWith(`${root}/`)) return null;
  const parts = file.slice(root.length + 1).split('/');
  return parts.length > 1 ? (parts[0] ?? null) : '.';
}

/** The layer of a panel file: its folder under src/panel, or '.' for the panel's root files. */
export const panelLayer = (file: string): string | null => layerUnder('panel', file);

/** The sub-layer of an agent file: its folder under src/panel/agent, or '.' for index.ts. */
export const agentLayer = (file: string): string | null => layerUnder('panel/agent', file);

/** Imports between the layers of `root` that go against `layers` (or from a folder the table does not know). */
function violationsUnder(root: string, graph: ImportGraph, layers: Readonly<Record<string, readonly string[]>>) {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerUnder(root, file);
    if (from === null) continue;
    const allowed = layers[from];
    for (const target of targets) {
      const to = layerUnder(root, target);
      if (to === null || to === from) continue;
      if (!allowed?.includes(to)) found.push(`${file} → ${target} (${from} may not import ${to})`);
    }
  }
  return found;
}

/** Imports inside the panel that go against `layers` (or from a folder the table does not know). */
export function layerViolations(graph: ImportGraph, layers = PANEL_LAYERS): string[] {
  return violationsUnder('panel', graph, layers);
}

/** Imports inside the agent core that go against its sub-layers: an arrow up, or from a folder the table lacks. */
export function agentLayerViolations(graph: ImportGraph, layers = AGENT_LAYERS): string[] {
  return violationsUnder('panel/agent', graph, layers);
}

/** The agent core's one way in: its index. Files outside panel/agent that import another of its files. */
export const AGENT_ENTRY = 'panel/agent/index.ts';

export function agentEntryViolations(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (file.startsWith('panel/agent/')) continue;
    for (const target of targets) {
      if (target.startsWith('panel/agent/') && target !== AGENT_ENTRY) found.push(`${file} → ${target}`);
    }
  }
  return found;
}

/** Every circle of imports, each as the files on it (Tarjan's strongly connected components). */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
