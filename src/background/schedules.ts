// The schedules of saved tasks as chrome.alarms (issue 30, decision 0031). Chrome may drop alarms when the browser
// restarts, so each time the worker starts it puts them back from the saved tasks in storage, and again whenever
// the panel writes them; when one rings it is relayed to the panels as a tab event. One open panel runs it; with
// none open nothing runs, and a panel shows what was missed when it opens.

import { alarmName, nextRun, SAVED_TASKS_KEY, savedIdOfAlarm, storedSchedules } from '../shared/schedules';
import { forwardTabEvent } from './tab-events';

async function syncAlarms(): Promise<void> {
  const stored = (await chrome.storage.local.get(SAVED_TASKS_KEY))[SAVED_TASKS_KEY];
  const wanted = storedSchedules(stored);
  const existing = new Map(
    (await chrome.alarms.getAll()).flatMap((alarm) => {
      const id = savedIdOfAlarm(alarm.name);
      return id === null ? [] : [[id, alarm] as const];
    }),
  );
  for (const [id, alarm] of existing) {
    const schedule = wanted.get(id);
    if (!schedule || alarm.periodInMinutes !== schedule.everyMinutes) await chrome.alarms.clear(alarm.name);
  }
  for (const [id, schedule] of wanted) {
    const alarm = existing.get(id);
    if (alarm && alarm.periodInMinutes === schedule.everyMinutes) continue;
    await chrome.alarms.create(alarmName(id), {
      when: nextRun(schedule, Date.now()),
      periodInMinutes: schedule.everyMinutes,
    });
  }
}

function sync(): void {
  syncAlarms().catch((error: unknown) => console.warn('[steadyhand] could not set the schedules:', error));
}

export function registerSchedules(): void {
  // Absent without the `alarms` permission (an older manifest, a unit test's chrome): nothing to schedule.
  if (!chrome.alarms) return;
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (savedIdOfAlarm(alarm.name) === null) return;
    forwardTabEvent({ type: 'alarm', name: alarm.name, scheduledTime: alarm.scheduledTime });
  });
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && SAVED_TASKS_KEY in changes) sync();
  });
  sync();
}
