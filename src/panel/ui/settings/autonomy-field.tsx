// Settings: the mode new tasks start in (decision 0026), a radio pair with one line each saying what it means. The task
// box can still pick the other mode for one task (task-mode.tsx).

import { AUTONOMY_MODES, type AutonomyMode } from '../../agent';
import { AUTONOMY_LABEL } from '../composer/task-mode';
import { type MessageKey, t } from '../i18n';

const HINT: Record<AutonomyMode, MessageKey> = {
  ask_first: 'autonomyAskFirstHint',
  act: 'autonomyActHint',
};

export function AutonomyField({ value, onValue }: { value: AutonomyMode; onValue(mode: AutonomyMode): void }) {
  return (
    <fieldset class="autonomy" data-testid="setting-autonomy">
      <legend>{t('autonomyLegend')}</legend>
      {AUTONOMY_MODES.map((mode) => (
        <div key={mode} class="field">
          <label>
            <input
              type="radio"
              name="autonomy"
              value={mode}
              checked={value === mode}
              aria-describedby={`autonomy-${mode}-hint`}
              data-testid={`setting-autonomy-${mode}`}
              onChange={() => onValue(mode)}
            />
            {t(AUTONOMY_LABEL[mode])}
          </label>
          <p id={`autonomy-${mode}-hint`} class="meta">
            {t(HINT[mode])}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
