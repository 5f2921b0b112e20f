// Saved tasks that run on a schedule (issue 30, decision 0031): the storage key the panel keeps them under, the
// alarm each schedule is, and the arithmetic both the worker (which re-creates the alarms) and the panel (which runs
// them and counts the runs it missed) need. chrome.alarms lives in the browser, not in the worker: the worker keeps
// nothing (decision 0001), it only puts the alarms back from storage when it starts and relays them when they ring.

/** Where the panel's saved tasks live in chrome.storage.local (a zustand persist record: `{ state: { tasks } }`). */
export const SAVED_TASKS_KEY = 'steadyhand.savedTasks';

const ALARM_PREFIX = 'steadyhand.saved.';

export const alarmName = (savedId: string) => `${ALARM_PREFIX}${savedId}`;

/** The saved task an alarm is for, or null for an alarm that is not a schedule's. */
export function savedIdOfAlarm(name: string): string | null {
  return name.startsWith(ALARM_PREFIX) ? name.slice(ALARM_PREFIX.length) : null;
}

export interface Schedule {
  everyMinutes: number;
  /** When it first runs, ms since the epoch. */
  firstAt: number;
  /** The time of the last run a panel started (its alarm's scheduled time), ms since the epoch. */
  lastRunAt?: number;
}

/** Every schedule in the stored saved tasks, by saved task id; whatever is malformed is left out. */
export function storedSchedules(stored: unknown): Map<string, Schedule> {
  const text = typeof stored === 'string' ? stored : null;
  const out = new Map<string, Schedule>();
  let value: unknown = stored;
  if (text !== null) {
    try {
      value = JSON.parse(text);
    } catch {
      return out;
    }
  }
  const tasks = (value as { state?: { tasks?: unknown } } | null)?.state?.tasks;
  if (!Array.isArray(tasks)) return out;
  for (const task of tasks) {
    const { id, schedule } = (task ?? {}) as { id?: unknown; schedule?: Partial<Schedule> };
    if (typeof id !== 'string' || !schedule) continue;
    const { everyMinutes, firstAt } = schedule;
    if (typeof everyMinutes === 'number' && everyMinutes >= 1 && typeof firstAt === 'number') {
      out.set(id, { everyMinutes, firstAt });
    }
  }
  return out;
}

/** The first run time of `schedule` at or after `now`. */
export function nextRun(schedule: Schedule, now: number): number {
  if (now <= schedule.firstAt) return schedule.firstAt;
  const period = schedule.everyMinutes * 60_000;
  return schedule.firstAt + Math.ceil((now - schedule.firstAt) / period) * period;
}

/**
 * The run times of `schedule` no panel started: those after its last run (or from its first) up to `now`, the
 * newest last. A run is missed when no Steadyhand panel was open when it was due.
 */
export function missedRuns(schedule: Schedule, now: number, limit = 1_000): number[] {
  const period = schedule.everyMinutes * 60_000;
  const missed: number[] = [];
  let at = schedule.lastRunAt === undefined ? schedule.firstAt : schedule.lastRunAt + period;
  // Whole periods only: a run due this very moment is the alarm's, not missed.
  while (at <= now - 1_000 && missed.length < limit) {
    missed.push(at);
    at += period;
  }
  return missed;
}
