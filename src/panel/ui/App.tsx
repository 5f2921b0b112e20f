import { useHistory } from '../store/history';
import { useSettings } from '../store/settings';
import { type PanelView, useUi } from '../store/ui';
import type { PanelCommands } from './commands';
import { EventLog } from './EventLog';
import { HistoryView } from './history-view';
import { type MessageKey, t } from './i18n';
import { LiveRegion } from './live-region';
import { PageCard } from './PageCard';
import { SettingsView } from './settings-view';
import { TaskBox } from './task-box';
import { TaskCard } from './task-card';
import { TaskTabs } from './task-tabs';

export interface AppProps {
  commands: PanelCommands;
  /**
   * The offline demo model plays the task. Left out, it follows the settings: no API key means demo mode, and the
   * notice goes away as soon as a key is saved.
   */
  demoMode?: boolean;
}

const VIEWS: [PanelView, MessageKey][] = [
  ['task', 'navTask'],
  ['history', 'navHistory'],
  ['settings', 'navSettings'],
];

function DemoNotice() {
  const show = useUi((s) => s.show);
  return (
    <aside class="card demo" aria-labelledby="demo-heading" data-testid="demo-notice">
      <h2 id="demo-heading">{t('demoHeading')}</h2>
      <p>{t('demoText')}</p>
      <button type="button" onClick={() => show('settings')}>
        {t('demoAddKey')}
      </button>
    </aside>
  );
}

export function App({ commands, demoMode }: AppProps) {
  const view = useUi((s) => s.view);
  const show = useUi((s) => s.show);
  const hasKey = useSettings((s) => s.settings.apiKey.trim() !== '');
  const latest = useHistory((s) => {
    const id = s.order[0];
    return id === undefined ? undefined : s.tasks[id];
  });
  const demo = demoMode ?? !hasKey;
  return (
    <main>
      <header class="top">
        <h1>{t('extName')}</h1>
        <nav aria-label={t('navLabel')}>
          {VIEWS.map(([name, label]) => (
            <button
              key={name}
              type="button"
              data-testid={`nav-${name}`}
              aria-current={view === name ? 'page' : undefined}
              onClick={() => show(name)}
            >
              {t(label)}
            </button>
          ))}
        </nav>
      </header>
      {demo && <DemoNotice />}
      {view === 'task' && (
        <>
          <PageCard />
          <TaskBox commands={commands} latest={latest} />
          <TaskTabs commands={commands} />
          {latest ? <TaskCard record={latest} commands={commands} /> : <p class="meta">{t('noTaskYet')}</p>}
        </>
      )}
      {view === 'history' && <HistoryView commands={commands} />}
      {view === 'settings' && <SettingsView commands={commands} />}
      <LiveRegion record={latest} />
      <EventLog />
    </main>
  );
}
