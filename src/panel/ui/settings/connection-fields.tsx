// The settings' Model section: the key, the address, the model and the thinking effort, "Test connection", and the
// models the tested key can use, offered as a choice that fills in the model field.

import { useState } from 'preact/hooks';
import { type AgentSettings, type ConnectionResult, EFFORT_LEVELS, type Effort, OUTPUT_TOKENS_FOR } from '../../agent';
import type { PanelCommands } from '../commands';
import { type MessageKey, t } from '../i18n';
import { uiLocale } from '../status-text';
import { SelectField, TextField } from './settings-fields';
import type { SettingsKit } from './settings-kit';

const EFFORT_LABEL: Record<Effort, MessageKey> = {
  low: 'effortLow',
  medium: 'effortMedium',
  high: 'effortHigh',
};

interface Props {
  kit: SettingsKit;
  /** The form's model settings, or null when one of them is invalid (the form then shows why). */
  formSettings(): AgentSettings | null;
  commands: Pick<PanelCommands, 'testConnection'>;
}

/** A model as the list shows it: its display name, with the id when the name is not the id. */
const choiceLabel = (model: { id: string; name: string }) =>
  model.name === model.id ? model.id : t('modelChoice', model.name, model.id);

export function ConnectionFields({ kit, formSettings, commands }: Props) {
  const { draft, field, text, set } = kit;
  const [showKey, setShowKey] = useState(false);
  const [check, setCheck] = useState<ConnectionResult | null>(null);
  const [checking, setChecking] = useState(false);
  const models = check?.models ?? [];

  // The list belongs to the key and the address it was fetched with: another key or address may see other models.
  const endpoint = (name: 'apiKey' | 'baseUrl') => {
    const props = text(name);
    return {
      ...props,
      onValue: (value: string) => {
        props.onValue(value);
        if (check?.models) setCheck({ ok: check.ok, message: check.message });
      },
    };
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
    <>
      <TextField {...endpoint('apiKey')} label={t('apiKeyLabel')} hint={t('apiKeyHint')} masked={!showKey}>
        <button
          type="button"
          aria-pressed={showKey}
          aria-controls={field('apiKey').id}
          onClick={() => setShowKey(!showKey)}
        >
          {t(showKey ? 'hideKey' : 'showKey')}
        </button>
      </TextField>
      <TextField {...endpoint('baseUrl')} label={t('baseUrlLabel')} hint={t('baseUrlHint')} inputMode="url" />
      <TextField {...text('model')} label={t('modelLabel')} />
      <SelectField
        {...field('effort')}
        label={t('effortLabel')}
        hint={t('effortHint', OUTPUT_TOKENS_FOR[draft.effort].toLocaleString(uiLocale()))}
        value={draft.effort}
        options={EFFORT_LEVELS.map((level) => ({ value: level, label: t(EFFORT_LABEL[level]) }))}
        onValue={(value) => set('effort', value)}
      />
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
    </>
  );
}
