import type { TabEvent } from '../../shared/protocol';
import { usePageView } from '../store/page-view';

function describe(event: TabEvent): string {
  switch (event.type) {
    case 'committed':
      return `tab ${event.tabId} committed ${event.url} (${event.transitionType})`;
    case 'activated':
      return `tab ${event.tabId} activated in window ${event.windowId}`;
    case 'removed':
      return `tab ${event.tabId} closed`;
    case 'updated':
      return `tab ${event.tabId} ${[event.status, event.title && `"${event.title}"`, event.url].filter(Boolean).join(' ')}`;
    case 'created':
      return `tab ${event.tabId} opened${event.openerTabId === undefined ? '' : ` from tab ${event.openerTabId}`}`;
    case 'focusChanged':
      return event.windowId < 0 ? 'browser lost focus' : `window ${event.windowId} focused`;
    case 'attached':
      return `tab ${event.tabId} moved to window ${event.windowId}`;
    case 'replaced':
      return `tab ${event.removedTabId} replaced by ${event.addedTabId}`;
    case 'contentReady':
      return `tab ${event.tabId} ready at ${event.url}`;
  }
}

/** The recent tab events the service worker forwarded: what the panel knows about the browser. */
export function EventLog() {
  const events = usePageView((s) => s.events);
  return (
    <details class="card" data-testid="event-log">
      <summary>Browser activity ({events.length})</summary>
      <ol>
        {events.map((event) => (
          <li key={`${event.at}-${event.type}`} data-type={event.type}>
            {describe(event)}
          </li>
        ))}
      </ol>
    </details>
  );
}
