// A saved task's schedule (issue 30): every N minutes, hours or days, in a new background tab with the values its
// run used; it runs only while a Steadyhand panel is open, and the runs missed meanwhile are shown with "Run now".

import { useState } from 'preact/hooks';
import { missedRuns, nextRun } from '../../../shared/schedules';
import type { SavedTask } from '../../agent';
import { useSavedTasks } from '../../store/saved-tasks';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';
import { uiLocale } from '../status-text';

const UNITS = { minutes: 1, hours: 60, days: 1_440 } as const;
type Unit = keyof typeof UNITS;

const when = (ms: number) => new Date(ms).toLocaleString(uiLocale());

function Missed({ saved, commands }: { saved: SavedTask; commands: PanelCommands }) {
  const markRun = useSavedTasks((s) => s.markRun);
  const schedule = saved.schedule;
  if (!schedule) return null;
  const now = Date.now();
  const missed = missedRuns(schedule, now);
  if (missed.length === 0) return null;
  return (
    <p class="meta" role="status" data-testid="saved-missed">
      {t('savedMissed', missed.length, when(missed[0] as number))}{' '}
      <button
        type="button"
        class="small"
        data-testid="saved-run-now"
        onClick={() => {
          markRun(saved.id, now);
          commands.runSaved(saved.id, {}, 'new');
        }}
      >
        {t('savedRunNow')}
      </button>
    </p>
  );
}

export function ScheduleField({ saved, commands }: { saved: SavedTask; commands: PanelCommands }) {
  const setSchedule = useSavedTasks((s) => s.setSchedule);
  const [every, setEvery] = useState('1');
  const [unit, setUnit] = useState<Unit>('days');
  const secret = saved.variables.some((variable) => variable.secret);
  const id = `schedule-${saved.id}`;
  const minutes = Math.round(Number(every) * UNITS[unit]);
  return (
    <fieldset class="schedule" data-testid="saved-schedule">
      <legend>{t('savedSchedule')}</legend>
      {secret ? (
        <p class="meta">{t('savedScheduleSecret')}</p>
      ) : (
        <>
          {saved.schedule && (
            <p class="meta" data-testid="saved-schedule-on">
              {t('savedScheduleOn', saved.schedule.everyMinutes, when(nextRun(saved.schedule, Date.now())))}
            </p>
          )}
          <div class="row">
            <label for={`${id}-every`}>{t('savedScheduleEvery')}</label>
            <input
              id={`${id}-every`}
              type="number"
              min="1"
              data-testid="saved-schedule-every"
              value={every}
              onInput={(e) => setEvery(e.currentTarget.value)}
            />
            <label for={`${id}-unit`} class="visually-hidden">
              {t('savedScheduleUnit')}
            </label>
            <select id={`${id}-unit`} value={unit} onChange={(e) => setUnit(e.currentTarget.value as Unit)}>
              {(Object.keys(UNITS) as Unit[]).map((name) => (
                <option key={name} value={name}>
                  {t(
                    name === 'minutes'
                      ? 'savedScheduleMinutes'
                      : name === 'hours'
                        ? 'savedScheduleHours'
                        : 'savedScheduleDays',
                  )}
                </option>
              ))}
            </select>
            <button
              type="button"
              class="small"
              data-testid="saved-schedule-set"
              disabled={!(minutes >= 1)}
              onClick={() =>
                setSchedule(saved.id, { everyMinutes: minutes, firstAt: Date.now() + minutes * 60_000 }, Date.now())
              }
            >
              {t('savedScheduleSet')}
            </button>
            {saved.schedule && (
              <button
                type="button"
                class="small"
                data-testid="saved-schedule-off"
                onClick={() => setSchedule(saved.id, null, Date.now())}
              >
                {t('savedScheduleOff')}
              </button>
            )}
          </div>
          <p class="meta">{t('savedScheduleNeedsPanel')}</p>
          <Missed saved={saved} commands={commands} />
        </>
      )}
    </fieldset>
  );
}
