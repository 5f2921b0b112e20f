import { describe, expect, it } from 'vitest';
import { formatReport, summarize, type TallyRecord } from '../../support/reliability';

describe('reliability tallies', () => {
  const records: TallyRecord[] = [
    { kind: 'kill', n: 3, where: 'action' },
    { kind: 'kill', n: 2, where: 'navigation wait' },
    { kind: 'fault', name: 'api_429', n: 1 },
    { kind: 'fault', name: 'tab_closed', n: 2 },
    { kind: 'hostile', name: 'patched-click' },
    { kind: 'hostile', name: 'patched-click' },
    { kind: 'hostile', name: 'csp' },
    { kind: 'bad_input', name: 'unknown_tool', n: 1 },
    { kind: 'actions', checked: 4, doubled: 0 },
    { kind: 'actions', checked: 3, doubled: 1 },
    { kind: 'tasks', run: 5, lost: 0 },
  ];

  it('adds the records of a run up by kind', () => {
    expect(summarize(records)).toEqual({
      killsSurvived: 5,
      killsByWhere: { action: 3, 'navigation wait': 2 },
      faultsByKind: { api_429: 1, tab_closed: 2 },
      hostilePages: ['csp', 'patched-click'],
      badInputsByKind: { unknown_tool: 1 },
      actionsChecked: 7,
      actionsDoubled: 1,
      tasksRun: 5,
      tasksLost: 0,
    });
  });

  it('prints one line per published figure', () => {
    const text = formatReport(summarize(records));
    expect(text).toContain('service worker kills survived  5 (action 3, navigation wait 2)');
    expect(text).toContain('faults injected                3 (api_429 1, tab_closed 2)');
    expect(text).toContain('actions doubled                1 of 7 counted');
    expect(text).toContain('tasks lost                     0 of 5 run under faults');
  });
});
