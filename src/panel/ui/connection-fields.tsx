// The settings' model fieldset: the key, the address and the model, "Test connection", and the models the tested key
// can use, offered as a choice that fills in the model field.

import { useState } from 'preact/hooks';
import type { AgentSettings, ConnectionResult } from '../agent';
import type { PanelCommands } from './commands';
import { t } from './i18n';
import { SelectField, TextField } from './settings-fields';
import type { DraftErrors, SettingsDraft } from './settings-form';

type ConnectionField = 'apiKey' | 'baseUrl' | 'model';

interface Props {
  draft: SettingsDraft;
  errors: DraftErrors;
  fieldId(field: ConnectionField): string;
  set(field: ConnectionField, value: string): void;
  /** The form's values as settings, or null when a field is invalid (the form then shows why). */
  formSettings(): AgentSettings | null;
  commands: Pick<PanelCommands, 'testConnection'>;
}

/** A model as the list shows it: its display name, with the id when the name is not the id. */
const choiceLabel = (model: { id: string; name: string }) =>
  model.name === model.id ? model.id : t('modelChoice', model.name, model.id);

export function ConnectionFields({ draft, errors, fieldId, set, formSettings, commands }: Props) {
  const [showKey, setShowKey] = useState(false);
  const [check, setCheck] = useState<ConnectionResult | null>(null);
  const [checking, setChecking] = useState(false);
  const field = (name: ConnectionField) => ({ id: fieldId(name), error: errors[name] });
  const models = check?.models ?? [];

  // The list belongs to the key and the address it was fetched with: another key or address may see other models.
  const setEndpoint = (name: 'apiKey' | 'baseUrl', value: string) => {
    set(name, value);
    if (check?.models) setCheck({ ok: check.ok, message: check.message });
  };

  const testConnection = async () => {
    const settings = formSettings();
    if (!settings) return;
    setChecking(true);
    setCheck(null);
    try {
      setCheck(await commands.testConnection(settings));
    } catch (error) {
      setCheck({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setChecking(false);
    }
  };

  return (
    <fieldset>
      <legend>{t('connectionLegend')}</legend>
      <TextField
        {...field('apiKey')}
        label={t('apiKeyLabel')}
        hint={t('apiKeyHint')}
        masked={!showKey}
        value={draft.apiKey}
        onValue={(value) => setEndpoint('apiKey', value)}
      >
        <button
          type="button"
          aria-pressed={showKey}
          aria-controls={fieldId('apiKey')}
          onClick={() => setShowKey(!showKey)}
        >
          {t(showKey ? 'hideKey' : 'showKey')}
        </button>
      </TextField>
      <TextField
        {...field('baseUrl')}
        label={t('baseUrlLabel')}
        hint={t('baseUrlHint')}
        inputMode="url"
        value={draft.baseUrl}
        onValue={(value) => setEndpoint('baseUrl', value)}
      />
      <TextField {...field('model')} label={t('modelLabel')} value={draft.model} onValue={(v) => set('model', v)} />
      <div class="row">
        <button type="button" data-testid="test-connection" disabled={checking} onClick={() => void testConnection()}>
          {t(checking ? 'testingConnection' : 'testConnection')}
        </button>
      </div>
      <p role="status" class={check ? (check.ok ? 'result-ok' : 'result-err') : 'meta'} data-testid="connection-result">
        {check?.message ?? ''}
      </p>
      {models.length > 0 && (
        <SelectField
          id="setting-model-choice"
          label={t('modelsLabel')}
          hint={t('modelsHint')}
          value={draft.model.trim()}
          placeholder={t('modelsPlaceholder')}
          options={models.map((model) => ({ value: model.id, label: choiceLabel(model) }))}
          onValue={(id) => set('model', id)}
        />
      )}
    </fieldset>
  );
}
