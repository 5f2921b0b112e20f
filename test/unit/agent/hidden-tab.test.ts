// A hidden tab, said in the harness's own words: the observation while the agent's tab is hidden, and an action's
// result when the hidden tab kept the page from answering it (for the model, outside the page's fence; for the
// person, on the step's line).

import { describe, expect, it } from 'vitest';
import { HIDDEN_TAB_LINE, hiddenLimitNote } from '../../../src/panel/agent/observe/hidden-tab';
import { type Observation, observationText } from '../../../src/panel/agent/run/prompt';
import { reportAction } from '../../../src/panel/agent/tools/common';
import type { ToolContext } from '../../../src/panel/agent/tools/types';
import { resultText } from '../../../src/panel/ui/status-text';
import type { Snapshot } from '../../../src/shared/page-types';
import { useEnglish } from '../ui/harness';

const snapshot = (hidden: boolean): Snapshot =>
  ({
    snapshotId: 's1',
    url: 'http://127.0.0.1:8080/list.html',
    title: 'Seeds',
    elements: [],
    text: '[1] link "Seed 4"',
    truncated: false,
    viewport: { width: 800, height: 600, scrollX: 0, scrollY: 0, pageWidth: 800, pageHeight: 600 },
    ...(hidden ? { hidden: true } : {}),
  }) as unknown as Snapshot;

const observation = (hidden: boolean): Observation => ({
  step: 2,
  stepsLeft: 10,
  tabId: 12,
  url: 'http://127.0.0.1:8080/list.html',
  tabs: [],
  snapshot: snapshot(hidden),
  problem: null,
});

const ctx = { snapshot: null, settings: { verifyMode: 'on' }, tabId: 12 } as unknown as ToolContext;

describe('a hidden tab', () => {
  it('is said in the observation, outside the page’s fence, only while the tab is hidden', () => {
    const hidden = observationText(observation(true), 'n0nce');
    expect(hidden).toContain(HIDDEN_TAB_LINE);
    expect(hidden.indexOf(HIDDEN_TAB_LINE)).toBeGreaterThan(hidden.lastIndexOf('n0nce'));
    expect(observationText(observation(false), 'n0nce')).not.toContain(HIDDEN_TAB_LINE);
  });

  it('is said in an action’s result when it kept the page from answering, with what the person can do', () => {
    const out = reportAction(
      'scroll down',
      {
        ok: true,
        verified: true,
        effects: ['none'],
        reason: 'Already at the bottom of the page.',
        hidden: 'intersection',
      },
      ctx,
    );
    expect(out.text).toContain(hiddenLimitNote('intersection'));
    expect(out.text).toContain('look at the tab for a moment');
    expect(out.pageText).not.toContain('background');
    expect(out.verification?.hidden).toBe('intersection');
    const plain = reportAction('scroll down', { ok: true, verified: true, effects: ['scroll'] }, ctx);
    expect(plain.text).not.toContain('background');
  });

  it('tells the person on the step’s line what they can do', () => {
    useEnglish();
    const call = {
      callId: 'c',
      name: 'click',
      input: { ref: 1 },
      outcome: 'ok' as const,
      summary: 'ok (state_change)',
      verification: { verified: true, effects: ['state_change' as const], hidden: 'animation' as const },
    };
    expect(resultText(call)).toMatch(/background.*Look at the tab for a moment/);
    const { verification: _, ...seen } = call;
    expect(resultText({ ...seen, verification: { verified: true, effects: ['state_change'] } })).not.toMatch(
      /background/,
    );
  });
});
