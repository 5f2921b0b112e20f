import { useState } from 'preact/hooks';
import { END_TAB_ACTIONS, VERIFY_MODES, withSettings } from '../agent/settings';
import { useSettings } from '../store/settings';
import type { ConnectionCheck, PanelCommands } from './commands';
import { type MessageKey, t } from './i18n';
import { CheckField, SelectField, TextAreaField, TextField } from './settings-fields';
import { type DraftErrors, type DraftField, draftOf, type SettingsDraft, validateDraft } from './settings-form';

const VERIFY_HINT: Record<(typeof VERIFY_MODES)[number], MessageKey> = {
  strict: 'verifyModeHint',
  lenient: 'verifyModeHintLenient',
  off: 'verifyModeHintOff',
};

const VERIFY_LABEL: Record<(typeof VERIFY_MODES)[number], MessageKey> = {
  strict: 'verifyStrict',
  lenient: 'verifyLenient',
  off: 'verifyOff',
};
const END_TABS_LABEL: Record<(typeof END_TAB_ACTIONS)[number], MessageKey> = {
  keep: 'endTabsKeep',
  ungroup: 'endTabsUngroup',
  close: 'endTabsClose',
};
/** Fields in the order they appear, so the first invalid one gets the focus. */
const FIELD_ORDER: DraftField[] = [
  'apiKey',
  'baseUrl',
  'model',
  'maxSteps',
  'maxOutputTokens',
  'modelTimeoutSec',
  'allowedSites',
  'blockedSites',
];
const fieldId = (field: DraftField) => `setting-${field}`;

type Notice = { ok: boolean; message: string } | null;

/** Settings, validated before they are saved; "Test connection" tries the values in the form, saved or not. */
export function SettingsView({ commands }: { commands: PanelCommands }) {
  const stored = useSettings((s) => s.settings);
  // Until the person edits, the form shows the stored settings as they are now (they load asynchronously and may
  // change from elsewhere); from the first edit on, it shows the edits.
  const [edits, setEdits] = useState<SettingsDraft | null>(null);
  const draft = edits ?? draftOf(stored);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [showKey, setShowKey] = useState(false);
  const [saved, setSaved] = useState<Notice>(null);
  const [check, setCheck] = useState<Notice>(null);
  const [checking, setChecking] = useState(false);

  const set = <K extends DraftField>(field: K, value: SettingsDraft[K]) => {
    setEdits((current) => ({ ...(current ?? draftOf(stored)), [field]: value }));
    setSaved(null);
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const validated = () => {
    const result = validateDraft(draft);
    if (result.ok) {
      setErrors({});
      return result.patch;
    }
    setErrors(result.errors);
    const first = FIELD_ORDER.find((field) => result.errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
    return null;
  };

  const save = async () => {
    const patch = validated();
    if (!patch) return;
    try {
      await commands.saveSettings(patch);
      setEdits(null);
      setSaved({ ok: true, message: t('settingsSaved') });
    } catch (error) {
      setSaved({ ok: false, message: t('settingsSaveFailed', error instanceof Error ? error.message : String(error)) });
    }
  };

  const testConnection = async () => {
    const patch = validated();
    if (!patch) return;
    setChecking(true);
    setCheck(null);
    try {
      const result: ConnectionCheck = await commands.testConnection(withSettings(stored, patch));
      setCheck({ ok: result.ok, message: result.message });
    } catch (error) {
      setCheck({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setChecking(false);
    }
  };

  const field = (name: DraftField) => ({ id: fieldId(name), error: errors[name] });

  return (
    <form
      class="card settings"
      aria-labelledby="settings-heading"
      data-testid="settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id="settings-heading">{t('settingsHeading')}</h2>
      <fieldset>
        <legend>{t('connectionLegend')}</legend>
        <TextField
          {...field('apiKey')}
          label={t('apiKeyLabel')}
          hint={t('apiKeyHint')}
          masked={!showKey}
          value={draft.apiKey}
          onValue={(value) => set('apiKey', value)}
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
          inputMode="url"
          value={draft.baseUrl}
          onValue={(value) => set('baseUrl', value)}
        />
        <TextField {...field('model')} label={t('modelLabel')} value={draft.model} onValue={(v) => set('model', v)} />
        <div class="row">
          <button type="button" data-testid="test-connection" disabled={checking} onClick={() => void testConnection()}>
            {t(checking ? 'testingConnection' : 'testConnection')}
          </button>
        </div>
        <p
          role="status"
          class={check ? (check.ok ? 'result-ok' : 'result-err') : 'meta'}
          data-testid="connection-result"
        >
          {check?.message ?? ''}
        </p>
      </fieldset>
      <fieldset>
        <legend>{t('agentLegend')}</legend>
        <TextField
          {...field('maxSteps')}
          label={t('maxStepsLabel')}
          hint={t('maxStepsHint')}
          inputMode="numeric"
          value={draft.maxSteps}
          onValue={(value) => set('maxSteps', value)}
        />
        <TextField
          {...field('maxOutputTokens')}
          label={t('maxOutputTokensLabel')}
          inputMode="numeric"
          value={draft.maxOutputTokens}
          onValue={(value) => set('maxOutputTokens', value)}
        />
        <TextField
          {...field('modelTimeoutSec')}
          label={t('modelTimeoutLabel')}
          hint={t('modelTimeoutHint')}
          inputMode="numeric"
          value={draft.modelTimeoutSec}
          onValue={(value) => set('modelTimeoutSec', value)}
        />
        <SelectField
          {...field('verifyMode')}
          label={t('verifyModeLabel')}
          hint={t(VERIFY_HINT[draft.verifyMode])}
          value={draft.verifyMode}
          options={VERIFY_MODES.map((mode) => ({ value: mode, label: t(VERIFY_LABEL[mode]) }))}
          onValue={(value) => set('verifyMode', value)}
        />
        <CheckField
          {...field('noProgressDetection')}
          label={t('noProgressLabel')}
          hint={t('noProgressHint')}
          checked={draft.noProgressDetection}
          onValue={(value) => set('noProgressDetection', value)}
        />
        <CheckField
          {...field('autoRepair')}
          label={t('autoRepairLabel')}
          hint={t('autoRepairHint')}
          checked={draft.autoRepair}
          onValue={(value) => set('autoRepair', value)}
        />
      </fieldset>
      <fieldset>
        <legend>{t('tabsLegend')}</legend>
        <CheckField
          {...field('tabStickiness')}
          label={t('tabStickinessLabel')}
          hint={t('tabStickinessHint')}
          checked={draft.tabStickiness}
          onValue={(value) => set('tabStickiness', value)}
        />
        <SelectField
          {...field('endOfTaskTabs')}
          label={t('endTabsLabel')}
          value={draft.endOfTaskTabs}
          options={END_TAB_ACTIONS.map((action) => ({ value: action, label: t(END_TABS_LABEL[action]) }))}
          onValue={(value) => set('endOfTaskTabs', value)}
        />
      </fieldset>
      <fieldset>
        <legend>{t('sitesLegend')}</legend>
        <TextAreaField
          {...field('allowedSites')}
          label={t('allowedSitesLabel')}
          hint={t('allowedSitesHint')}
          value={draft.allowedSites}
          onValue={(value) => set('allowedSites', value)}
        />
        <TextAreaField
          {...field('blockedSites')}
          label={t('blockedSitesLabel')}
          hint={t('blockedSitesHint')}
          value={draft.blockedSites}
          onValue={(value) => set('blockedSites', value)}
        />
      </fieldset>
      <fieldset>
        <legend>{t('capabilitiesLegend')}</legend>
        <CheckField
          {...field('vision')}
          label={t('visionLabel')}
          hint={t('visionHint')}
          checked={draft.vision}
          onValue={(value) => set('vision', value)}
        />
        <CheckField
          {...field('allowScript')}
          label={t('allowScriptLabel')}
          hint={t('allowScriptHint')}
          checked={draft.allowScript}
          onValue={(value) => set('allowScript', value)}
        />
      </fieldset>
      <div class="row">
        <button type="submit" class="primary" data-testid="save-settings">
          {t('saveSettings')}
        </button>
        <p role="status" class={saved && !saved.ok ? 'result-err' : 'meta'} data-testid="save-result">
          {saved?.message ?? ''}
        </p>
      </div>
    </form>
  );
}
