// Starting a saved task's replay (issue 30): from the Saved view (commands.ts §runSaved) or when its schedule rings
// (runSchedules, below). A schedule rings in every open panel; one of them runs it: the one that takes the schedule's
// lock first, and only if no panel started that run already (the saved task's `lastRunAt`, read fresh from storage).

import { savedIdOfAlarm } from '../../shared/schedules';
import { fillText, type SavedTask, type TaskResult, valuesFor } from '../agent';
import { useSavedTasks } from '../store/saved-tasks';
import type { Locks } from '../tabs/ownership/tab-locks';
import type { TabEventBus } from '../tabs/tab-event-bus';
import type { StartOptions, TaskHost } from './task-host';

/** The instruction and the start of a replay of `saved` with the person's values, here or in a new background tab. */
export function replayStart(
  saved: SavedTask,
  given: Readonly<Record<string, string>>,
  where: 'here' | 'new',
): { instruction: string; options: StartOptions } {
  const values = valuesFor(saved.variables, given);
  const startUrl = saved.startUrl === null ? null : fillText(saved.startUrl, values);
  return {
    instruction: fillText(saved.instruction, values),
    options: { replay: { saved, values }, ...(where === 'new' ? { newTab: { url: startUrl } } : {}) },
  };
}

/** Whether a schedule can run with nobody there: a secret is asked for at each run, so it cannot. */
export const runsUnattended = (saved: SavedTask) => !saved.variables.some((variable) => variable.secret);

export interface ScheduleDeps {
  bus: TabEventBus;
  host: TaskHost;
  locks: Locks;
  signal: AbortSignal;
}

/** Runs each saved task whose schedule rings, in a new background tab with the values its run used. */
export function runSchedules({ bus, host, locks, signal }: ScheduleDeps): void {
  bus.subscribe((event) => {
    if (event.type !== 'alarm') return;
    const id = savedIdOfAlarm(event.name);
    if (id !== null) void runScheduled(id, event.scheduledTime, host, locks);
  }, signal);
}

async function runScheduled(id: string, at: number, host: TaskHost, locks: Locks): Promise<TaskResult | null> {
  const lease = await locks.tryTake(`steadyhand.schedule.${id}`);
  if (!lease) return null; // another panel runs it
  try {
    await useSavedTasks.persist.rehydrate();
    const saved = useSavedTasks.getState().tasks.find((task) => task.id === id);
    if (!saved?.schedule || !runsUnattended(saved)) return null;
    if ((saved.schedule.lastRunAt ?? Number.NEGATIVE_INFINITY) >= at) return null; // a panel started this run
    useSavedTasks.getState().markRun(id, at);
    const { instruction, options } = replayStart(saved, {}, 'new');
    return await host.execute(instruction, options);
  } finally {
    lease.release();
  }
}
