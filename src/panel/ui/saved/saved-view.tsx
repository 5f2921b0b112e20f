// The saved tasks (issue 30): each with the blanks of its variables (pre-filled with the values its run used, a
// secret always empty), run on this tab or in a new one, export, delete; its last replay's figures from the history;
// import and export of a file of them.

import { useState } from 'preact/hooks';
import type { SavedTask } from '../../agent';
import { useHistory } from '../../store/history';
import { useSavedTasks } from '../../store/saved-tasks';
import type { TaskRecord } from '../../store/task-record';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';
import { uiLocale } from '../status-text';
import { EditSavedForm } from './edit-form';
import { importRefusalText } from './refusals';
import { ScheduleField } from './schedule-field';

/** The newest task that replayed `savedId`, if the history still holds one. */
function lastRun(tasks: Record<string, TaskRecord>, order: readonly string[], savedId: string): TaskRecord | null {
  for (const id of order) {
    const record = tasks[id];
    if (record?.replay?.savedId === savedId && record.status !== 'running') return record;
  }
  return null;
}

function LastRun({ savedId }: { savedId: string }) {
  const record = useHistory((s) => lastRun(s.tasks, s.order, savedId));
  const replay = record?.replay;
  if (!record || !replay) return null;
  const healed = replay.healedAt === null ? t('savedNoHeal') : t('savedHealedAt', replay.healedAt + 1);
  const ending = record.status === 'succeeded' && record.verified ? t('savedEndVerified') : t('savedEndNotVerified');
  return (
    <p class="meta" data-testid="saved-last-run">
      {t('savedLastRun', replay.stepsReplayed, replay.modelCalls, replay.tokensSaved, `${healed}; ${ending}`)}
    </p>
  );
}

function SavedItem({ saved, commands }: { saved: SavedTask; commands: PanelCommands }) {
  const remove = useSavedTasks((s) => s.remove);
  // Only what the person typed: a variable renamed or given a new example shows at once.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const values = Object.fromEntries(saved.variables.map((v) => [v.name, typed[v.name] ?? (v.secret ? '' : v.example)]));
  const setValues = (next: Record<string, string>) => setTyped({ ...typed, ...next });
  const [confirming, setConfirming] = useState(false);
  const complete = saved.variables.every((v) => (values[v.name] ?? '').trim() !== '');
  const run = (where: 'here' | 'new') => commands.runSaved(saved.id, values, where);
  return (
    <li class="history-item saved-item" data-testid="saved-item" data-saved-id={saved.id}>
      <h3>{saved.title}</h3>
      <p class="meta">
        {t('savedSteps', saved.steps.length, new Date(saved.createdAt).toLocaleDateString(uiLocale()))}
      </p>
      {saved.variables.map((v) => {
        const id = `saved-${saved.id}-${v.name}`;
        const input = {
          id,
          'data-testid': 'saved-value',
          value: values[v.name] ?? '',
          onInput: (e: { currentTarget: HTMLInputElement }) => setValues({ [v.name]: e.currentTarget.value }),
        };
        return (
          <div key={v.name} class="field">
            <label for={id}>{v.secret ? t('savedSecret', v.name) : t('savedVariable', v.name)}</label>
            {v.secret ? <input type="password" autocomplete="off" {...input} /> : <input type="text" {...input} />}
          </div>
        );
      })}
      {!complete && <p class="meta">{t('savedNeedsValues')}</p>}
      <div class="row">
        <button
          type="button"
          class="small"
          data-testid="saved-run-here"
          disabled={!complete}
          aria-label={t('savedRunHereLabel', saved.title)}
          onClick={() => run('here')}
        >
          {t('savedRunHere')}
        </button>
        <button
          type="button"
          class="small"
          data-testid="saved-run-new"
          disabled={!complete || saved.startUrl === null}
          aria-label={t('savedRunNewLabel', saved.title)}
          onClick={() => run('new')}
        >
          {t('savedRunNew')}
        </button>
        <button
          type="button"
          class="small"
          data-testid="saved-export"
          aria-label={t('savedExportLabel', saved.title)}
          onClick={() => commands.exportSaved(saved.id)}
        >
          {t('savedExport')}
        </button>
        <button
          type="button"
          class="small danger"
          data-testid="saved-delete"
          aria-label={t('savedDeleteLabel', saved.title)}
          onClick={() => setConfirming(true)}
        >
          {t('savedDelete')}
        </button>
      </div>
      {confirming && (
        <fieldset class="confirm">
          <legend>{t('savedDeleteConfirm', saved.title)}</legend>
          <div class="row">
            <button type="button" class="danger" data-testid="saved-delete-confirm" onClick={() => remove(saved.id)}>
              {t('savedDeleteYes')}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </button>
          </div>
        </fieldset>
      )}
      <EditSavedForm saved={saved} />
      <ScheduleField saved={saved} commands={commands} />
      <LastRun savedId={saved.id} />
    </li>
  );
}

function ImportFile() {
  const importFile = useSavedTasks((s) => s.importFile);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const read = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const result = importFile(await file.text());
    input.value = '';
    setSaid(
      'imported' in result
        ? { ok: true, text: t('savedImported', result.imported) }
        : { ok: false, text: importRefusalText(result.refused) },
    );
  };
  return (
    <div>
      <label class="field">
        {t('savedImport')}
        <input
          type="file"
          accept=".json,application/json"
          data-testid="saved-import"
          onChange={(e) => read(e.currentTarget)}
        />
      </label>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} class={said.ok ? 'meta' : 'field-error'} data-testid="saved-import-said">
          {said.text}
        </p>
      )}
    </div>
  );
}

export function SavedView({ commands }: { commands: PanelCommands }) {
  const tasks = useSavedTasks((s) => s.tasks);
  return (
    <section class="card" aria-labelledby="saved-heading" data-testid="saved">
      <h2 id="saved-heading">{t('savedHeading')}</h2>
      <p class="meta">{t('savedAbout')}</p>
      {tasks.length === 0 ? (
        <p class="meta" data-testid="saved-empty">
          {t('savedEmpty')}
        </p>
      ) : (
        <ol class="history-list">
          {[...tasks].reverse().map((saved) => (
            <SavedItem key={saved.id} saved={saved} commands={commands} />
          ))}
        </ol>
      )}
      <div class="row">
        {tasks.length > 0 && (
          <button type="button" data-testid="saved-export-all" onClick={() => commands.exportSaved()}>
            {t('savedExportAll')}
          </button>
        )}
      </div>
      <ImportFile />
    </section>
  );
}
