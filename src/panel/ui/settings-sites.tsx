// The settings' "Sites and consent" section: the sites the agent may use without asking and the sites it never uses
// (decisions 0010, 0025). The consent settings of issue 25 (the "act without asking" list, the autonomy choice) go
// here too, each as a component taking the same SettingsKit, rendered after the lists in settings-view.tsx.

import { t } from './i18n';
import { TextAreaField } from './settings-fields';
import type { SettingsKit } from './settings-kit';

export function SiteListFields({ kit }: { kit: SettingsKit }) {
  return (
    <>
      <TextAreaField {...kit.text('allowedSites')} label={t('allowedSitesLabel')} hint={t('allowedSitesHint')} />
      <TextAreaField {...kit.text('blockedSites')} label={t('blockedSitesLabel')} hint={t('blockedSitesHint')} />
    </>
  );
}
