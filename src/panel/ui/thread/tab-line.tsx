import { usePageView } from '../../store/page-view';
import { tabsOf, useTaskTabs } from '../../store/task-tabs';
import { uiBrowser } from '../browser-port';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';
import { EventLog } from './event-log';
import { PageCard } from './page-card';
import { TaskTabs } from './task-tabs';

/** The site icon Chrome has for a page (the manifest's `favicon` permission); nothing for pages without one. */
function Favicon({ url }: { url: string }) {
  if (!/^https?:/.test(url)) return <span class="favicon" aria-hidden="true" />;
  return <img class="favicon" src={uiBrowser().faviconUrl(url)} alt="" width={16} height={16} />;
}

/**
 * The tab the agent works on as one compact line (its icon, its title, whether the person is on it), with the task's
 * tabs and the tab's internals (its id, loading state, the browser's tab events) one click away, all on one line
 * while closed. Before a task (or for a task this panel does not run), the person's own tab.
 */
export function TabLine({ commands, taskId }: { commands: PanelCommands; taskId: string | undefined }) {
  const tabs = useTaskTabs((s) => tabsOf(s, taskId));
  const personInfo = usePageView((s) => s.info);
  const agentTab = tabs.find((tab) => tab.isAgent);
  const title = agentTab ? agentTab.title || agentTab.url : personInfo?.title || personInfo?.url || '';
  const url = agentTab?.url ?? personInfo?.url ?? '';
  const where = agentTab ? t(agentTab.isPerson ? 'tabLineYouAreOn' : 'tabLineYouAreElsewhere') : t('tabLineYours');
  return (
    <section class="tab-line" aria-label={t('tabLineLabel')} data-testid="tab-line">
      <p class="tab-line-main">
        <Favicon url={url} />
        <span class="tab-line-title" data-testid="tab-line-title">
          {title || t('untitled')}
        </span>
        <span class="meta tab-line-where" data-testid="tab-line-where">
          {where}
        </span>
      </p>
      {tabs.length > 0 && (
        <details class="disclosure" data-testid="tab-line-tabs">
          <summary>{t('tabLineTabs', tabs.length)}</summary>
          <TaskTabs commands={commands} taskId={taskId} />
        </details>
      )}
      <details class="disclosure" data-testid="tab-line-details">
        <summary>{t('tabLineDetails')}</summary>
        <PageCard />
        <EventLog />
      </details>
    </section>
  );
}
