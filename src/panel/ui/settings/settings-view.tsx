// Settings, saved as you go: a field is saved as soon as what it holds is valid (a site list once the person leaves
// it); an invalid field shows its error
// once the person leaves it, keeps the text as typed, and the last valid value stays saved. What is being typed lives
// in a store (settings-edits.ts), so a switch to another view loses nothing, and settings another panel saves replace
// only the fields the person is not typing in. A short page in sections (Model, Sites and consent, Behaviour,
// Advanced), each a disclosure; "Test connection" tries the model fields as typed.

import { useEffect, useRef, useState } from 'preact/hooks';
import { type AgentSettings, withSettings } from '../../agent';
import { useSettings } from '../../store/settings';
import { useSettingsEdits } from '../../store/settings-edits';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';
import { ActWithoutAskingList } from './act-without-asking-list';
import { ConnectionFields } from './connection-fields';
import { SettingsAgents } from './settings-agents';
import { AdvancedFields, BehaviourFields } from './settings-behaviour';
import {
  checkField,
  type DraftErrors,
  type DraftField,
  draftOf,
  type SettingsDraft,
  validateDraft,
} from './settings-form';
import { fieldId, type SettingsKit, type TextDraftField } from './settings-kit';
import { type SectionId, SettingsSection } from './settings-section';
import { SiteListFields } from './settings-sites';

/** Which section holds each field, in the order they appear, so the first invalid one can be opened and focused. */
const SECTION_OF: [DraftField, SectionId][] = [
  ['apiKey', 'model'],
  ['baseUrl', 'model'],
  ['model', 'model'],
  ['effort', 'model'],
  ['allowedSites', 'sites'],
  ['blockedSites', 'sites'],
  ['autonomy', 'sites'],
  ['askBeforeActingForAgents', 'sites'],
  ['maxTaskCostUsd', 'behaviour'],
  ['maxSteps', 'behaviour'],
  ['tasksAtOnce', 'behaviour'],
  ['verifyMode', 'behaviour'],
  ['tabStickiness', 'behaviour'],
  ['endOfTaskTabs', 'behaviour'],
  ['modelTimeoutSec', 'advanced'],
  ['noProgressDetection', 'advanced'],
  ['autoRepair', 'advanced'],
  ['vision', 'advanced'],
  ['allowScript', 'advanced'],
];
const MODEL_FIELDS: DraftField[] = ['apiKey', 'baseUrl', 'model', 'effort'];
/**
 * Saved when the person leaves them (or presses Enter), not at each key: a site list half typed is a list of other
 * sites ("sho" on the way to "shop.test"), which the agent would be allowed, or barred from, meanwhile.
 */
const SAVED_ON_LEAVE: ReadonlySet<DraftField> = new Set(['allowedSites', 'blockedSites']);

type Notice = { ok: boolean; message: string } | null;

export function SettingsView({ commands }: { commands: PanelCommands }) {
  const stored = useSettings((s) => s.settings);
  const texts = useSettingsEdits((s) => s.texts);
  const shown = useSettingsEdits((s) => s.shown);
  const edits = useSettingsEdits.getState;
  const [notice, setNotice] = useState<Notice>(null);
  const focusNext = useRef<DraftField | null>(null);

  const draft: SettingsDraft = { ...draftOf(stored), ...texts };
  const errors: DraftErrors = {};
  for (const name of Object.keys(texts) as DraftField[]) {
    const checked = checkField(name, draft);
    if (!checked.ok && shown[name]) errors[name] = checked.error;
  }
  const sectionHasError = (section: SectionId) =>
    SECTION_OF.some(([name, where]) => where === section && errors[name] !== undefined);

  useEffect(() => {
    const name = focusNext.current;
    focusNext.current = null;
    if (name) document.getElementById(fieldId(name))?.focus();
  });

  const save = async (patch: Partial<AgentSettings>) => {
    try {
      await commands.saveSettings(patch);
      setNotice({ ok: true, message: t('settingsSaved') });
    } catch (error) {
      setNotice({
        ok: false,
        message: t('settingsSaveFailed', error instanceof Error ? error.message : String(error)),
      });
    }
  };

  /** Saves a valid field unless the saved settings hold it already. */
  const saveIfChanged = (patch: Partial<AgentSettings>) => {
    if (JSON.stringify(withSettings(stored, patch)) !== JSON.stringify(stored)) void save(patch);
  };

  /** The person typed: the text is kept as typed, and saved when valid (a site list: when the person leaves it). */
  const type = (name: TextDraftField, value: string) => {
    edits().type(name, value);
    if (SAVED_ON_LEAVE.has(name)) return;
    const checked = checkField(name, { ...draft, [name]: value });
    if (checked.ok) saveIfChanged(checked.patch);
  };

  /**
   * The person left a field: valid, it shows the saved value again (saved once more, should another panel have
   * saved over it meanwhile); invalid, it shows its error.
   */
  const leave = (name: DraftField) => {
    if (!(name in texts)) return;
    const checked = checkField(name, draft);
    if (checked.ok) {
      saveIfChanged(checked.patch);
      edits().settle(name);
    } else {
      edits().reveal([name]);
    }
  };

  /** Checks `fields` before they are used: shows every error, opens and focuses the first invalid field. */
  const checked = (fields: readonly DraftField[]) => {
    const result = validateDraft(draft, fields);
    if (result.ok) return result.patch;
    edits().reveal(Object.keys(result.errors));
    const first = SECTION_OF.find(([name]) => result.errors[name] !== undefined);
    if (first) {
      edits().setOpen(first[1], true);
      focusNext.current = first[0];
    }
    return null;
  };

  const kit: SettingsKit = {
    draft,
    field: (name) => ({ id: fieldId(name), error: errors[name] }),
    text: (name) => ({
      id: fieldId(name),
      error: errors[name],
      value: draft[name],
      onValue: (value) => type(name, value),
      onLeave: () => leave(name),
    }),
    set: (name, value) => {
      const next = { ...draft, [name]: value };
      const result = checkField(name, next);
      if (typeof value === 'string' && (name in texts || !result.ok)) edits().type(name, value);
      if (result.ok) {
        saveIfChanged(result.patch);
        if (name in texts) edits().settle(name);
      } else {
        edits().reveal([name]);
      }
    },
  };

  const invalid = Object.keys(errors).length > 0;
  const status: Notice = invalid ? { ok: false, message: t('settingsNotSaved') } : notice;

  return (
    <form
      class="card settings"
      aria-labelledby="settings-heading"
      data-testid="settings"
      noValidate
      onSubmit={(event) => {
        // Enter in a field: everything typed is checked now, as if the person had left each field.
        event.preventDefault();
        for (const name of Object.keys(texts) as DraftField[]) leave(name);
        checked(Object.keys(texts) as DraftField[]);
      }}
    >
      <h2 id="settings-heading">{t('settingsHeading')}</h2>
      <p class="meta">{t('settingsSavedAsYouGo')}</p>
      <p role="status" class={status && !status.ok ? 'result-err' : 'meta'} data-testid="save-result">
        {status?.message ?? ''}
      </p>
      <SettingsSection id="model" title={t('connectionLegend')} defaultOpen hasError={sectionHasError('model')}>
        <ConnectionFields
          kit={kit}
          formSettings={() => {
            const patch = checked(MODEL_FIELDS);
            return patch ? withSettings(stored, patch) : null;
          }}
          commands={commands}
        />
      </SettingsSection>
      <SettingsSection id="sites" title={t('settingsSectionSites')} hasError={sectionHasError('sites')}>
        <SiteListFields kit={kit} />
        <ActWithoutAskingList sites={stored.actWithoutAskingSites} commands={commands} />
      </SettingsSection>
      <SettingsSection id="behaviour" title={t('settingsSectionBehaviour')} hasError={sectionHasError('behaviour')}>
        <BehaviourFields kit={kit} />
      </SettingsSection>
      <SettingsSection id="agents" title={t('settingsSectionAgents')}>
        <SettingsAgents />
      </SettingsSection>
      <SettingsSection id="advanced" title={t('settingsSectionAdvanced')} hasError={sectionHasError('advanced')}>
        <AdvancedFields kit={kit} />
      </SettingsSection>
    </form>
  );
}
