// The floor plan of src/, executable (test/support/architecture.ts): the three extension contexts share code only
// through src/shared, the panel's imports follow its layer order, the agent core is reached through its index only,
// and no files import each other in a circle.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AGENT_LAYERS,
  agentEntryViolations,
  agentLayer,
  agentLayerViolations,
  contextViolations,
  importCircles,
  layerViolations,
  PANEL_LAYERS,
  panelLayer,
  readImportGraph,
} from '../support/architecture';

const SRC = resolve(import.meta.dirname, '../../src');
const graph = readImportGraph(SRC);

describe('architecture', () => {
  it('reads the real tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('panel/main.tsx')).toContain('panel/wiring/create-panel.ts');
  });

  it('keeps the extension contexts apart: they share only src/shared, which depends on none of them', () => {
    expect(contextViolations(graph)).toEqual([]);
  });

  it('follows the panel’s layer order, and every panel folder has a place in it', () => {
    expect(layerViolations(graph)).toEqual([]);
    const folders = new Set([...graph.keys()].map(panelLayer).filter((layer) => layer !== null));
    expect([...folders].filter((folder) => !(folder in PANEL_LAYERS))).toEqual([]);
  });

  it('follows the agent core’s sub-layers (no arrow up), and every agent folder has a place in them', () => {
    expect(agentLayerViolations(graph)).toEqual([]);
    const folders = new Set([...graph.keys()].map(agentLayer).filter((layer) => layer !== null));
    expect([...folders].filter((folder) => !(folder in AGENT_LAYERS))).toEqual([]);
    // The agent's root holds its entry only; everything else sits in a folder that says what it holds.
    expect([...graph.keys()].filter((file) => agentLayer(file) === '.')).toEqual(['panel/agent/index.ts']);
  });

  it('reaches the agent core only through its index', () => {
    expect(agentEntryViolations(graph)).toEqual([]);
  });

  it('has no import circle', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('src/shared has no side effects at import time on chrome.*', () => {
    for (const file of [...graph.keys()].filter((name) => name.startsWith('shared/'))) {
      const topLevel = readFileSync(join(SRC, file), 'utf8')
        .split('\n')
        .filter((line) => /^\S/.test(line) && !/^(import|export (type|interface)|\/\/|\*|\/\*)/.test(line));
      expect(
        topLevel.filter((line) => line.includes('chrome.')),
        file,
      ).toEqual([]);
    }
  });
});
