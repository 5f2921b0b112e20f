// No silent loops: the same action on the same page three times, or A-B-A-B, is no_progress; paging through
// different states (a calendar's months) is progress.

import { describe, expect, it } from 'vitest';
import { normalizeArgs, ProgressTracker } from '../../../src/panel/agent/task/progress';
import { setupAgent } from './fakes/harness';
import { call } from './fakes/scripted-model';
import { CALENDAR, SITE } from './fakes/sites';

const at = (fingerprint: string, tool = 'click', input: unknown = { ref: 1 }) => ({ tool, input, fingerprint });

describe('ProgressTracker', () => {
  it('fires on the same signature three times within the window', () => {
    const tracker = new ProgressTracker();
    expect(tracker.recordStep([at('A')])).toBeNull();
    expect(tracker.recordStep([at('A')])).toBeNull();
    expect(tracker.recordStep([at('A')])).toMatchObject({ kind: 'repeat', tool: 'click', count: 3 });
  });

  it('counts repeats inside one turn too', () => {
    expect(new ProgressTracker().recordStep([at('A'), at('A'), at('A')])).toMatchObject({ kind: 'repeat' });
  });

  it('does not fire when the same action meets a different page each time (paging)', () => {
    const tracker = new ProgressTracker();
    for (const month of ['Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct']) {
      expect(tracker.recordStep([at(`cal#${month}`)])).toBeNull();
    }
  });

  it('fires on A-B-A-B oscillation between two page states', () => {
    const tracker = new ProgressTracker();
    expect(tracker.recordStep([at('A', 'click', { ref: 1 })])).toBeNull();
    expect(tracker.recordStep([at('B', 'click', { ref: 2 })])).toBeNull();
    expect(tracker.recordStep([at('A', 'click', { ref: 1 })])).toBeNull();
    expect(tracker.recordStep([at('B', 'click', { ref: 2 })])).toMatchObject({ kind: 'oscillation' });
  });

  it('does not take A-B-A-C for oscillation', () => {
    const tracker = new ProgressTracker();
    for (const state of ['A', 'B', 'A']) tracker.recordStep([at(state)]);
    expect(tracker.recordStep([at('C')])).toBeNull();
  });

  it('forgets old signatures outside the window and after a reset', () => {
    const tracker = new ProgressTracker();
    tracker.recordStep([at('A')]);
    tracker.recordStep([at('A')]);
    tracker.reset();
    expect(tracker.recordStep([at('A')])).toBeNull();
    const spread = new ProgressTracker();
    spread.recordStep([at('X')]);
    for (let i = 0; i < 8; i++) spread.recordStep([at(`other${i}`)]);
    spread.recordStep([at('X')]);
    expect(spread.recordStep([at('X')])).toBeNull();
  });

  it('normalises arguments: key order, case and spacing do not matter; snapshot ids are ignored', () => {
    expect(normalizeArgs({ text: '  Lamp ', ref: 1, snapshotId: 's1' })).toBe(normalizeArgs({ ref: 1, text: 'lamp' }));
    expect(normalizeArgs({ ref: 1 })).not.toBe(normalizeArgs({ ref: 2 }));
  });
});

describe('progress in the loop', () => {
  it('lets the agent page a calendar forward month by month', async () => {
    const turns = Array.from({ length: 7 }, () => call('click', { ref: 1 }));
    const h = setupAgent({
      site: SITE,
      startUrl: CALENDAR,
      turns: [...turns, call('done', { success: true, answer: 'October.', evidence: { quotes: ['October 2026'] } })],
    });
    const result = await h.controller.execute('Go to October');
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(h.of('repair')).toEqual([]);
  });

  it('flags paging back and forth, repairs once, and ends the task at the second no_progress', async () => {
    const h = setupAgent({
      site: SITE,
      startUrl: CALENDAR,
      responder: (_req, i) => call('click', { ref: i % 2 === 0 ? 1 : 2 }),
    });
    const result = await h.controller.execute('Find a free day');
    expect(result.status).toBe('no_progress');
    expect(result.summary).toContain(
      'going back and forth between the same two page states (A-B-A-B), again after a repair',
    );
    expect(h.of('repair').map((e) => e.trigger)).toEqual(['no_progress']);
    expect(result.metrics.steps).toBe(8);
  });

  it('flags reading the same thing over and over', async () => {
    const h = setupAgent({
      site: SITE,
      settings: { autoRepair: false },
      responder: () => call('find', { query: 'lamp' }),
    });
    const result = await h.controller.execute('Find lamps');
    expect(result.status).toBe('no_progress');
    expect(result.summary).toContain('repeating find');
    expect(result.metrics.steps).toBe(3);
  });
});
