import { useState } from 'preact/hooks';
import type { TabEvent } from '../../../shared/protocol';
import { usePageView } from '../../store/page-view';
import { t } from '../i18n';

function describe(event: TabEvent): string {
  switch (event.type) {
    case 'committed':
      return t('evCommitted', event.tabId, event.url, event.transitionType);
    case 'activated':
      return t('evActivated', event.tabId, event.windowId);
    case 'removed':
      return t('evRemoved', event.tabId);
    case 'updated':
      return t(
        'evUpdated',
        event.tabId,
        [event.status, event.title && `"${event.title}"`, event.url].filter(Boolean).join(' '),
      );
    case 'created':
      return event.openerTabId === undefined
        ? t('evCreated', event.tabId)
        : t('evCreatedFrom', event.tabId, event.openerTabId);
    case 'focusChanged':
      return event.windowId < 0 ? t('evFocusLost') : t('evFocused', event.windowId);
    case 'panelClosed':
      return t('evPanelClosed', event.windowId);
    case 'attached':
      return t('evAttached', event.tabId, event.windowId);
    case 'groupChanged':
      return event.groupId < 0 ? t('evUngrouped', event.tabId) : t('evGrouped', event.tabId, event.groupId);
    case 'replaced':
      return t('evReplaced', event.removedTabId, event.addedTabId);
    case 'navigationTarget':
      return t('evNavigationTarget', event.tabId, event.sourceTabId);
    case 'contentReady':
      return t('evReady', event.tabId, event.url);
    case 'sameDocument':
      return t('evSameDocument', event.tabId, event.url);
    case 'downloadCreated':
      return t('evDownloadCreated', event.download.id, event.download.url);
    case 'downloadChanged':
      return t('evDownloadChanged', event.change.id, event.change.state ?? event.change.filename ?? '');
    case 'alarm':
      return t('evAlarm', event.name);
  }
}

/**
 * The recent tab events the service worker forwarded: what the panel knows about the browser. The list is built only
 * while the section is open: a closed log costs the panel a counter per event, not fifty rows (bench `idle`).
 */
export function EventLog() {
  const events = usePageView((s) => s.events);
  const [open, setOpen] = useState(false);
  return (
    <details
      class="card"
      data-testid="event-log"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{t('activityHeading', events.length)}</summary>
      {open && (
        <ol>
          {events.map((event) => (
            <li key={`${event.at}-${event.type}`} data-type={event.type}>
              {describe(event)}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
