// Editing a saved task (issue 30): its title, and each variable's name (renamed everywhere it occurs) and the value a
// run starts with; a secret has no value to keep. The steps stay as the run made them.

import { useState } from 'preact/hooks';
import type { SavedTask } from '../../agent';
import { useSavedTasks } from '../../store/saved-tasks';
import { t } from '../i18n';
import { saveRefusalText } from './refusals';

export function EditSavedForm({ saved }: { saved: SavedTask }) {
  const edit = useSavedTasks((s) => s.edit);
  const [title, setTitle] = useState(saved.title);
  const [rows, setRows] = useState(saved.variables.map((v) => ({ name: v.name, example: v.example })));
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const change = (i: number, patch: Partial<{ name: string; example: string }>) =>
    setRows(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const save = (event: Event) => {
    event.preventDefault();
    const result = edit(saved.id, { title, variables: rows }, Date.now());
    setSaid(
      'ok' in result ? { ok: true, text: t('savedEdited') } : { ok: false, text: saveRefusalText(result.refused) },
    );
  };
  const id = `edit-${saved.id}`;
  return (
    <details class="save-task" data-testid="saved-edit">
      <summary aria-label={t('savedEditLabel', saved.title)}>{t('savedEdit')}</summary>
      <form onSubmit={save}>
        <label for={`${id}-title`}>{t('saveTaskTitle')}</label>
        <input
          id={`${id}-title`}
          data-testid="saved-edit-title"
          value={title}
          onInput={(e) => setTitle(e.currentTarget.value)}
        />
        {saved.variables.map((variable, i) => (
          <div class="row" key={variable.name}>
            <label for={`${id}-name-${i}`}>{t('savedEditName', variable.name)}</label>
            <input
              id={`${id}-name-${i}`}
              data-testid="saved-edit-name"
              value={rows[i]?.name ?? ''}
              onInput={(e) => change(i, { name: e.currentTarget.value })}
            />
            {!variable.secret && (
              <>
                <label for={`${id}-example-${i}`}>{t('savedEditExample', variable.name)}</label>
                <input
                  id={`${id}-example-${i}`}
                  data-testid="saved-edit-example"
                  value={rows[i]?.example ?? ''}
                  onInput={(e) => change(i, { example: e.currentTarget.value })}
                />
              </>
            )}
          </div>
        ))}
        <button type="submit" data-testid="saved-edit-save">
          {t('savedEditSave')}
        </button>
        {said && (
          <p role={said.ok ? 'status' : 'alert'} class={said.ok ? 'meta' : 'field-error'} data-testid="saved-edit-said">
            {said.text}
          </p>
        )}
      </form>
    </details>
  );
}
