// The settings' Behaviour section (what a task may spend and how its end is judged and left) and Advanced section
// (the model's time limit, the loop's checks and the capabilities that send or run more).

import { END_TAB_ACTIONS, VERIFY_MODES } from '../../agent';
import { type MessageKey, t } from '../i18n';
import { CheckField, SelectField, TextField } from './settings-fields';
import type { SettingsKit } from './settings-kit';

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

export function BehaviourFields({ kit }: { kit: SettingsKit }) {
  const { draft, field, text, set } = kit;
  return (
    <>
      <TextField
        {...text('maxTaskCostUsd')}
        label={t('maxTaskCostLabel')}
        hint={t('maxTaskCostHint')}
        inputMode="decimal"
      />
      <TextField {...text('maxSteps')} label={t('maxStepsLabel')} hint={t('maxStepsHint')} inputMode="numeric" />
      <TextField
        {...text('tasksAtOnce')}
        label={t('tasksAtOnceLabel')}
        hint={t('tasksAtOnceHint')}
        inputMode="numeric"
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
    </>
  );
}

export function AdvancedFields({ kit }: { kit: SettingsKit }) {
  const { draft, field, text, set } = kit;
  return (
    <>
      <TextField
        {...text('modelTimeoutSec')}
        label={t('modelTimeoutLabel')}
        hint={t('modelTimeoutHint')}
        inputMode="numeric"
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
    </>
  );
}
