import { useHistory } from '../store/history';
import { useSettings } from '../store/settings';
import { type PanelView, useUi } from '../store/ui';
import { PairingPrompt } from './agents/pairing-prompt';
import type { PanelCommands } from './commands';
import { DemoExample } from './composer/demo-example';
import { TaskBox } from './composer/task-box';
import { useEscapeStops } from './escape-stops';
import { HistoryView } from './history/history-view';
import { type MessageKey, t } from './i18n';
import { LiveRegion, othersWaiting } from './live-region';
import { SavedView } from './saved/saved-view';
import { SettingsView } from './settings/settings-view';
import { ProgressLine } from './thread/progress-line';
import { TabLine } from './thread/tab-line';
import { TaskCard } from './thread/task-card';
import { ThreadScroll } from './thread/thread-scroll';
import { ThreadList } from './threads/thread-list';

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
  ['saved', 'navSaved'],
  ['settings', 'navSettings'],
];

/**
 * The offline demo in one line: its name, what it is behind a disclosure, and the way out of it. The demo's one task is
 * offered on the line as an example to run.
 */
function DemoNotice({ commands }: { commands: PanelCommands }) {
  const show = useUi((s) => s.show);
  return (
    <aside class="demo-line" aria-labelledby="demo-heading" data-testid="demo-notice">
      <h2 id="demo-heading">{t('demoHeading')}</h2>
      <details class="demo-about" data-testid="demo-about">
        <summary>{t('demoAbout')}</summary>
        <p>{t('demoText')}</p>
      </details>
      <DemoExample commands={commands} />
      <button type="button" class="link-button" onClick={() => show('settings')}>
        {t('demoAddKey')}
      </button>
    </aside>
  );
}

/** The thread before any task: what to do, in a sentence. */
function EmptyThread() {
  return (
    <section class="thread thread-empty" data-testid="thread-empty">
      <p class="meta">{t('noTaskYet')}</p>
    </section>
  );
}

export function App({ commands, demoMode }: AppProps) {
  const view = useUi((s) => s.view);
  const show = useUi((s) => s.show);
  const hiddenTaskId = useUi((s) => s.hiddenTaskId);
  const openTaskId = useUi((s) => s.openTaskId);
  const hasKey = useSettings((s) => s.settings.apiKey.trim() !== '');
  // The thread the person opened, else the newest task.
  const latest = useHistory((s) => {
    const id = openTaskId ?? s.order[0];
    return id === undefined ? undefined : s.tasks[id];
  });
  const others = useHistory((s) => othersWaiting(s, latest?.taskId));
  // "New task" sets the ended task aside; the thread shows the next one as soon as it starts.
  const shown = latest && latest.taskId !== hiddenTaskId ? latest : undefined;
  const demo = demoMode ?? !hasKey;
  useEscapeStops(latest?.status === 'running', commands);
  return (
    <main class={`panel view-${view}`}>
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
      <PairingPrompt />
      {demo && <DemoNotice commands={commands} />}
      {view === 'task' && (
        <>
          <ThreadList commands={commands} openId={shown?.taskId} />
          <TabLine commands={commands} taskId={shown?.taskId} />
          <ThreadScroll version={shown}>
            {shown ? <TaskCard record={shown} commands={commands} /> : <EmptyThread />}
          </ThreadScroll>
          <div class="dock">
            {shown && <ProgressLine record={shown} />}
            <TaskBox commands={commands} latest={shown} demo={demo} />
          </div>
        </>
      )}
      {view === 'history' && <HistoryView commands={commands} />}
      {view === 'saved' && <SavedView commands={commands} />}
      {view === 'settings' && <SettingsView commands={commands} />}
      <LiveRegion record={latest} others={others} />
    </main>
  );
}
