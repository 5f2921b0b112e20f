// The sites where consequential steps run without asking (decision 0026, settings `actWithoutAskingSites`): filled by
// the "Always on this site" answer, each with a Remove button that takes effect at once (saved like any setting), so
// the next task asks there again.

import type { PanelCommands } from '../commands';
import { t } from '../i18n';

interface Props {
  sites: readonly string[];
  commands: Pick<PanelCommands, 'saveSettings'>;
}

export function ActWithoutAskingList({ sites, commands }: Props) {
  const remove = (site: string) =>
    void commands.saveSettings({ actWithoutAskingSites: sites.filter((entry) => entry !== site) });
  return (
    <section class="field" aria-labelledby="act-without-asking-label" data-testid="act-without-asking">
      <h3 id="act-without-asking-label" class="field-label">
        {t('actWithoutAskingLabel')}
      </h3>
      <p class="meta">{t('actWithoutAskingHint')}</p>
      {sites.length === 0 ? (
        <p class="meta" data-testid="act-without-asking-empty">
          {t('actWithoutAskingEmpty')}
        </p>
      ) : (
        <ul class="site-list">
          {sites.map((site) => (
            <li key={site} data-testid="act-without-asking-site" data-site={site}>
              <code>{site}</code>{' '}
              <button type="button" aria-label={t('actWithoutAskingRemove', site)} onClick={() => remove(site)}>
                {t('actWithoutAskingRemoveShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
