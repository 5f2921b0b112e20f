// The mode of the next task, by the task box (decision 0026): "Ask before acting" or "Act without asking". It starts on
// the setting's mode; a choice here holds for the task it starts, whose follow-ups keep it.

import { AUTONOMY_MODES, type AutonomyMode } from '../../agent';
import { useSettings } from '../../store/settings';
import { useUi } from '../../store/ui';
import { type MessageKey, t } from '../i18n';

export const AUTONOMY_LABEL: Record<AutonomyMode, MessageKey> = {
  ask_first: 'autonomyAskFirst',
  act: 'autonomyAct',
};

export function TaskMode() {
  const setting = useSettings((s) => s.settings.autonomy);
  const chosen = useUi((s) => s.taskAutonomy);
  const setChosen = useUi((s) => s.setTaskAutonomy);
  return (
    <select
      class="task-mode"
      aria-label={t('taskModeLabel')}
      data-testid="task-mode"
      value={chosen ?? setting}
      onChange={(event) => {
        const mode = event.currentTarget.value as AutonomyMode;
        setChosen(mode === setting ? null : mode);
      }}
    >
      {AUTONOMY_MODES.map((mode) => (
        <option key={mode} value={mode}>
          {t(AUTONOMY_LABEL[mode])}
        </option>
      ))}
    </select>
  );
}
