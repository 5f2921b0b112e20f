// "Save as a saved task" under a verified task (issue 30): a title, and the values of the run the person names, each
// to be filled in anew at every run. Saving goes through the panel's command, which says why when it cannot.

import { useState } from 'preact/hooks';
import type { TaskRecord } from '../../store/task-record';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';
import { saveRefusalText } from './refusals';

interface Row {
  /** Its place among the rows ever added: a key that stays when an earlier row goes. */
  key: number;
  name: string;
  value: string;
}

export function SaveTaskForm({ record, commands }: { record: TaskRecord; commands: PanelCommands }) {
  const [title, setTitle] = useState((record.instructions[0] ?? '').slice(0, 80));
  const [rows, setRows] = useState<Row[]>([]);
  const [added, setAdded] = useState(0);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  if (record.status !== 'succeeded' || record.verified !== true) return null;
  const change = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const save = (event: Event) => {
    event.preventDefault();
    const result = commands.saveTask(record.taskId, {
      title,
      variables: rows.map((row) => ({ name: row.name.trim(), value: row.value })),
    });
    setSaid(
      'savedId' in result
        ? { ok: true, text: t('saveTaskSaved') }
        : { ok: false, text: saveRefusalText(result.refused) },
    );
  };
  return (
    <details class="save-task" data-testid="save-task">
      <summary>{t('saveTaskOpen')}</summary>
      <form onSubmit={save}>
        <label>
          {t('saveTaskTitle')}
          <input data-testid="save-task-title" value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <p class="meta">{t('saveTaskHint')}</p>
        {rows.map((row, i) => (
          <div class="row save-variable" key={row.key} data-testid="save-variable">
            <label>
              {t('saveTaskVariableName')}
              <input value={row.name} onInput={(e) => change(i, { name: e.currentTarget.value })} />
            </label>
            <label>
              {t('saveTaskVariableValue')}
              <input value={row.value} onInput={(e) => change(i, { value: e.currentTarget.value })} />
            </label>
            <button
              type="button"
              class="small"
              aria-label={t('saveTaskRemoveVariable', row.name)}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        ))}
        <div class="row">
          <button
            type="button"
            data-testid="save-task-add"
            onClick={() => {
              setRows([...rows, { key: added, name: '', value: '' }]);
              setAdded(added + 1);
            }}
          >
            {t('saveTaskAddVariable')}
          </button>
          <button type="submit" data-testid="save-task-save">
            {t('saveTaskSave')}
          </button>
        </div>
        {said && (
          <p role={said.ok ? 'status' : 'alert'} class={said.ok ? 'meta' : 'field-error'} data-testid="save-task-said">
            {said.text}
          </p>
        )}
      </form>
    </details>
  );
}
