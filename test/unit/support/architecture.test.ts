// The floor-plan checker fails where it should: each rule on a small planted graph, beside a clean one.

import { describe, expect, it } from 'vitest';
import {
  AGENT_LAYERS,
  agentEntryViolations,
  agentLayerViolations,
  contextViolations,
  type ImportGraph,
  importCircles,
  layerViolations,
  PANEL_LAYERS,
} from '../../support/architecture';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

const clean = graphOf({
  'panel/main.tsx': ['panel/wiring/agent.ts', 'panel/ui/app.tsx'],
  'panel/wiring/agent.ts': ['panel/agent/index.ts', 'panel/chrome/tab-access.ts', 'shared/rpc.ts'],
  'panel/agent/index.ts': ['panel/agent/run/loop.ts', 'panel/agent/task/events.ts'],
  'panel/chrome/tab-access.ts': ['panel/page/remote-page.ts'],
  'panel/ui/app.tsx': ['panel/store/history.ts'],
  'panel/store/history.ts': ['panel/agent/index.ts'],
  'panel/agent/run/loop.ts': ['panel/agent/task/events.ts', 'panel/agent/tools/execute.ts', 'shared/rpc.ts'],
  'panel/agent/tools/execute.ts': ['panel/agent/proof/verify.ts', 'panel/agent/core/ports.ts'],
  'panel/agent/proof/verify.ts': ['panel/agent/core/ports.ts'],
  'panel/agent/task/events.ts': [],
  'panel/agent/core/ports.ts': ['shared/rpc.ts'],
  'panel/page/remote-page.ts': ['shared/rpc.ts'],
  'content/index.ts': ['content/router.ts', 'shared/rpc.ts'],
  'content/router.ts': ['shared/rpc.ts'],
  'shared/rpc.ts': ['shared/protocol.ts'],
  'shared/protocol.ts': [],
});

describe('the floor-plan checker', () => {
  it('finds nothing in a clean graph', () => {
    expect(contextViolations(clean)).toEqual([]);
    expect(layerViolations(clean)).toEqual([]);
    expect(importCircles(clean)).toEqual([]);
    expect(agentEntryViolations(clean)).toEqual([]);
    expect(agentLayerViolations(clean)).toEqual([]);
  });

  it('fails on an arrow up inside the agent core, naming the file, its target and the sub-layer rule', () => {
    const planted = new Map(clean);
    // The back-arrow the sub-layers removed: the done check reaching into the tools that call it.
    planted.set('panel/agent/proof/verify.ts', ['panel/agent/core/ports.ts', 'panel/agent/tools/execute.ts']);
    planted.set('panel/agent/core/ports.ts', ['panel/agent/run/loop.ts']);
    expect(agentLayerViolations(planted)).toEqual([
      'panel/agent/proof/verify.ts → panel/agent/tools/execute.ts (proof may not import tools)',
      'panel/agent/core/ports.ts → panel/agent/run/loop.ts (core may not import run)',
    ]);
    // The panel's own layers see both as one layer (agent): only the sub-layer check catches them.
    expect(layerViolations(planted)).toEqual([]);
  });

  it('fails on an agent folder its sub-layer table does not know', () => {
    const planted = graphOf({
      'panel/agent/run/loop.ts': ['panel/agent/misc/thing.ts'],
      'panel/agent/misc/thing.ts': [],
    });
    expect(agentLayerViolations(planted)).toEqual([
      'panel/agent/run/loop.ts → panel/agent/misc/thing.ts (run may not import misc)',
    ]);
    expect('misc' in AGENT_LAYERS).toBe(false);
  });

  it('fails on a way into the agent core other than its index', () => {
    const planted = new Map(clean);
    planted.set('panel/ui/app.tsx', ['panel/store/history.ts', 'panel/agent/task/events.ts']);
    expect(agentEntryViolations(planted)).toEqual(['panel/ui/app.tsx → panel/agent/task/events.ts']);
  });

  it('fails on an import against the layer order, naming the file, its target and the rule', () => {
    const planted = new Map(clean);
    planted.set('panel/agent/run/loop.ts', ['panel/agent/task/events.ts', 'panel/page/remote-page.ts']);
    planted.set('panel/store/history.ts', ['panel/chrome/local-storage.ts']);
    planted.set('panel/chrome/local-storage.ts', []);
    expect(layerViolations(planted)).toEqual([
      'panel/store/history.ts → panel/chrome/local-storage.ts (store may not import chrome)',
      'panel/agent/run/loop.ts → panel/page/remote-page.ts (agent may not import page)',
    ]);
  });

  it('fails on a folder the layer table does not know', () => {
    const planted = graphOf({ 'panel/ui/app.tsx': ['panel/extras/thing.ts'], 'panel/extras/thing.ts': [] });
    expect(layerViolations(planted)).toEqual(['panel/ui/app.tsx → panel/extras/thing.ts (ui may not import extras)']);
    expect('extras' in PANEL_LAYERS).toBe(false);
  });

  it('fails on a context importing another, and on shared importing a context', () => {
    const planted = new Map(clean);
    planted.set('content/router.ts', ['panel/agent/task/events.ts']);
    planted.set('shared/protocol.ts', ['background/relay.ts']);
    planted.set('background/relay.ts', []);
    expect(contextViolations(planted)).toEqual([
      'content/router.ts → panel/agent/task/events.ts',
      'shared/protocol.ts → background/relay.ts',
    ]);
  });

  it('fails on a circle, however long, and on a file importing itself', () => {
    const planted = new Map(clean);
    planted.set('panel/agent/task/events.ts', ['panel/agent/run/loop.ts']);
    planted.set('content/router.ts', ['content/router.ts']);
    expect(importCircles(planted)).toEqual([
      ['panel/agent/run/loop.ts', 'panel/agent/task/events.ts'],
      ['content/router.ts'],
    ]);
  });
});
