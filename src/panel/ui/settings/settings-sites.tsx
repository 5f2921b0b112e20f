// The settings' "Sites and consent" section: the sites the agent may use without asking and the sites it never uses
// (decisions 0010, 0025), and the consent settings of decision 0026 (the autonomy choice; the "act without asking"
// list) go here too, each as a component taking the same SettingsKit, rendered after the lists in settings-view.tsx.

import { t } from '../i18n';
import { AutonomyField } from './autonomy-field';
import { CheckField, TextAreaField } from './settings-fields';
import type { SettingsKit } from './settings-kit';

export function SiteListFields({ kit }: { kit: SettingsKit }) {
  return (
    <>
      <TextAreaField {...kit.text('allowedSites')} label={t('allowedSitesLabel')} hint={t('allowedSitesHint')} />
      <TextAreaField {...kit.text('blockedSites')} label={t('blockedSitesLabel')} hint={t('blockedSitesHint')} />
      <AutonomyField value={kit.draft.autonomy} onValue={(mode) => kit.set('autonomy', mode)} />
      <CheckField
        {...kit.field('askBeforeActingForAgents')}
        label={t('askForAgentsLabel')}
        hint={t('askForAgentsHint')}
        checked={kit.draft.askBeforeActingForAgents}
        onValue={(value) => kit.set('askBeforeActingForAgents', value)}
      />
    </>
  );
}
