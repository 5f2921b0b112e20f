// One section of the settings page: a disclosure (<details>, keyboard usable as it is: Tab to its summary, Enter or
// Space to open it) whose open state outlives a switch to another view. A closed section with a field in error says
// so on its summary, so the error is not hidden by closing the section.

import type { ComponentChildren } from 'preact';
import { useSettingsEdits } from '../../store/settings-edits';
import { t } from '../i18n';

export type SectionId = 'model' | 'sites' | 'behaviour' | 'agents' | 'advanced';

export function SettingsSection(props: {
  id: SectionId;
  title: string;
  defaultOpen?: boolean;
  /** A field inside shows an error. */
  hasError?: boolean;
  children: ComponentChildren;
}) {
  const { id, title, hasError, children } = props;
  const open = useSettingsEdits((s) => s.open[id] ?? props.defaultOpen ?? false);
  const setOpen = useSettingsEdits((s) => s.setOpen);
  return (
    <details
      class="settings-section"
      data-testid={`settings-${id}`}
      open={open}
      onToggle={(event) => setOpen(id, event.currentTarget.open)}
    >
      <summary>
        {title}
        {hasError && <span class="field-error">{` · ${t('settingsSectionNeedsFix')}`}</span>}
      </summary>
      <div class="settings-section-body">{children}</div>
    </details>
  );
}
