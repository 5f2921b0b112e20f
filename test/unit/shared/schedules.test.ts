// The arithmetic of saved tasks' schedules (src/shared/schedules.ts), which the worker uses to put the alarms back
// and the panel to count the runs it missed.

import { describe, expect, it } from 'vitest';
import { alarmName, missedRuns, nextRun, savedIdOfAlarm, storedSchedules } from '../../../src/shared/schedules';

const HOUR = 60 * 60_000;

describe('schedules', () => {
  it('names an alarm after its saved task, and knows no other alarm', () => {
    expect(savedIdOfAlarm(alarmName('a1'))).toBe('a1');
    expect(savedIdOfAlarm('someone.else')).toBeNull();
  });

  it('reads every schedule of the stored saved tasks and leaves out what is malformed', () => {
    const stored = JSON.stringify({
      state: {
        tasks: [
          { id: 'a', schedule: { everyMinutes: 60, firstAt: 5 } },
          { id: 'b' },
          { id: 'c', schedule: { everyMinutes: 0, firstAt: 5 } },
          { id: 4, schedule: { everyMinutes: 60, firstAt: 5 } },
        ],
      },
      version: 1,
    });
    expect([...storedSchedules(stored)]).toEqual([['a', { everyMinutes: 60, firstAt: 5 }]]);
    expect(storedSchedules('not json').size).toBe(0);
    expect(storedSchedules(undefined).size).toBe(0);
  });

  it('runs first at its start, then on every whole period after it', () => {
    const schedule = { everyMinutes: 60, firstAt: 10 * HOUR };
    expect(nextRun(schedule, 9 * HOUR)).toBe(10 * HOUR);
    expect(nextRun(schedule, 10 * HOUR + 1)).toBe(11 * HOUR);
    expect(nextRun(schedule, 12 * HOUR)).toBe(12 * HOUR);
  });

  it('counts the runs no panel started: from the first, or after the last one run, up to now', () => {
    const schedule = { everyMinutes: 60, firstAt: 10 * HOUR };
    expect(missedRuns(schedule, 9 * HOUR)).toEqual([]);
    expect(missedRuns(schedule, 13 * HOUR + 60_000)).toEqual([10 * HOUR, 11 * HOUR, 12 * HOUR, 13 * HOUR]);
    expect(missedRuns({ ...schedule, lastRunAt: 12 * HOUR }, 13 * HOUR + 60_000)).toEqual([13 * HOUR]);
    // A run due this very moment belongs to its alarm, not to the missed ones.
    expect(missedRuns({ ...schedule, lastRunAt: 12 * HOUR }, 13 * HOUR)).toEqual([]);
  });
});
