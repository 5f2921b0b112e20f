import { useHistory } from '../../store/history';
import { tabsOf, useTaskTabs } from '../../store/task-tabs';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';

/**
 * The task's tab group: which tab the agent works on and which one the person looks at. Clicking a tab brings it to
 * the front; after the task, its tabs can be ungrouped or closed.
 */
export function TaskTabs({ commands, taskId }: { commands: PanelCommands; taskId: string | undefined }) {
  const groupTitle = useTaskTabs((s) => (taskId === undefined ? undefined : s.byTask[taskId]?.groupTitle));
  const tabs = useTaskTabs((s) => tabsOf(s, taskId));
  const status = useHistory((s) => (taskId === undefined ? undefined : s.tasks[taskId]?.status));
  if (taskId === undefined || tabs.length === 0) return null;
  const ended = status !== 'running';
  return (
    <section class="card" aria-labelledby="task-tabs-heading" data-testid="task-tabs">
      <h2 id="task-tabs-heading">{t('tabsHeading')}</h2>
      <p class="group-title" data-testid="group-title">
        {groupTitle ?? t('groupTitle', taskId)}
      </p>
      <ul class="tab-list">
        {tabs.map((tab) => (
          <li key={tab.tabId}>
            <button
              type="button"
              class="tab-row"
              data-testid="task-tab"
              data-tab-id={tab.tabId}
              aria-current={tab.isPerson ? 'true' : undefined}
              onClick={() => commands.focusTab(tab.tabId)}
            >
              <span class="tab-title">{tab.title || t('untitled')}</span>
              <span class="meta url">{tab.url}</span>
              <span class="markers">
                {tab.isAgent && <span class="marker marker-agent">{t('tabAgentHere')}</span>}
                {tab.isPerson && <span class="marker marker-person">{t('tabPersonHere')}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {ended && (
        <div class="row">
          <button type="button" data-testid="ungroup-tabs" onClick={() => commands.releaseTabs(taskId, 'ungroup')}>
            {t('ungroupTabs')}
          </button>
          <button type="button" data-testid="close-tabs" onClick={() => commands.releaseTabs(taskId, 'close')}>
            {t('closeTabs')}
          </button>
        </div>
      )}
    </section>
  );
}
