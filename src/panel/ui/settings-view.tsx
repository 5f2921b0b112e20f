import { useState } from 'preact/hooks';
import { EFFORT_LEVELS, type Effort, END_TAB_ACTIONS, OUTPUT_TOKENS_FOR, VERIFY_MODES, withSettings } from '../agent';
import { useSettings } from '../store/settings';
import { ActWithoutAskingList } from './act-without-asking-list';
import type { PanelCommands } from './commands';
import { ConnectionFields } from './connection-fields';
import { type MessageKey, t } from './i18n';
import { CheckField, SelectField, TextAreaField, TextField } from './settings-fields';
import { type DraftErrors, type DraftField, draftOf, type SettingsDraft, validateDraft } from './settings-form';
import { uiLocale } from './status-text';

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
const EFFORT_LABEL: Record<Effort, MessageKey> = {
  low: 'effortLow',
  medium: 'effortMedium',
  high: 'effortHigh',
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
  'effort',
  'modelTimeoutSec',
  'maxTaskCostUsd',
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
  const [saved, setSaved] = useState<Notice>(null);

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
      <ConnectionFields
        draft={draft}
        errors={errors}
        fieldId={fieldId}
        set={set}
        formSettings={() => {
          const patch = validated();
          return patch ? withSettings(stored, patch) : null;
        }}
        commands={commands}
      />
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
        <SelectField
          {...field('effort')}
          label={t('effortLabel')}
          hint={t('effortHint', OUTPUT_TOKENS_FOR[draft.effort].toLocaleString(uiLocale()))}
          value={draft.effort}
          options={EFFORT_LEVELS.map((level) => ({ value: level, label: t(EFFORT_LABEL[level]) }))}
          onValue={(value) => set('effort', value)}
        />
        <TextField
          {...field('modelTimeoutSec')}
          label={t('modelTimeoutLabel')}
          hint={t('modelTimeoutHint')}
          inputMode="numeric"
          value={draft.modelTimeoutSec}
          onValue={(value) => set('modelTimeoutSec', value)}
        />
        <TextField
          {...field('maxTaskCostUsd')}
          label={t('maxTaskCostLabel')}
          hint={t('maxTaskCostHint')}
          inputMode="decimal"
          value={draft.maxTaskCostUsd}
          onValue={(value) => set('maxTaskCostUsd', value)}
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
        <ActWithoutAskingList sites={stored.actWithoutAskingSites} commands={commands} />
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
