// Forwards tab and window events to the panel. Registered at top level by index.ts so that a worker woken by an
// event has its listeners in place before the event is dispatched.

import { PROTOCOL_VERSION, type TabEvent } from '../shared/protocol';
import { broadcast } from './broadcast';
import { clearBadgeIfNoPanel } from './no-panel-badge';

export function forwardTabEvent(event: TabEvent): void {
  broadcast({ kind: 'tab:event', v: PROTOCOL_VERSION, event });
}

export function registerTabEventForwarding(): void {
  chrome.webNavigation.onCommitted.addListener((details) => {
    if (details.frameId !== 0) return;
    forwardTabEvent({
      type: 'committed',
      tabId: details.tabId,
      frameId: details.frameId,
      url: details.url,
      transitionType: details.transitionType,
      timeStamp: details.timeStamp,
    });
  });
  // Navigations within a document commit nothing new, but they end a navigation an action started (a hash link, a
  // history.back() to a pushState entry): the panel waits for either kind after an action that navigated.
  const sameDocument = (details: { tabId: number; frameId: number; url: string }) => {
    if (details.frameId === 0) forwardTabEvent({ type: 'sameDocument', tabId: details.tabId, url: details.url });
  };
  chrome.webNavigation.onHistoryStateUpdated.addListener(sameDocument);
  chrome.webNavigation.onReferenceFragmentUpdated.addListener(sameDocument);
  chrome.webNavigation.onCreatedNavigationTarget.addListener((details) => {
    forwardTabEvent({
      type: 'navigationTarget',
      tabId: details.tabId,
      sourceTabId: details.sourceTabId,
      url: details.url,
    });
  });
  chrome.tabs.onActivated.addListener(({ tabId, windowId }) => {
    forwardTabEvent({ type: 'activated', tabId, windowId });
  });
  chrome.tabs.onRemoved.addListener((tabId, { windowId, isWindowClosing }) => {
    forwardTabEvent({ type: 'removed', tabId, windowId, isWindowClosing });
    void clearBadgeIfNoPanel({ tabId });
  });
  // A window's side panel closed (Chrome 142+): its tasks ended with it; other panels recount what waits.
  chrome.sidePanel.onClosed?.addListener(({ windowId }) => {
    forwardTabEvent({ type: 'panelClosed', windowId });
    void clearBadgeIfNoPanel({ sidePanelOfWindow: windowId });
  });
  chrome.tabs.onUpdated.addListener((tabId, change) => {
    // A task's group is the ground truth of what it may touch: the panel hears every change of a tab's group.
    if (change.groupId !== undefined) forwardTabEvent({ type: 'groupChanged', tabId, groupId: change.groupId });
    // Only what the panel uses; favicon and audio changes would be noise on the wire.
    if (change.url === undefined && change.status === undefined && change.title === undefined) return;
    forwardTabEvent({ type: 'updated', tabId, url: change.url, status: change.status, title: change.title });
  });
  chrome.tabs.onCreated.addListener((tab) => {
    if (tab.id === undefined) return;
    forwardTabEvent({
      type: 'created',
      tabId: tab.id,
      windowId: tab.windowId,
      openerTabId: tab.openerTabId,
      url: tab.url,
      pendingUrl: tab.pendingUrl,
    });
  });
  chrome.tabs.onAttached.addListener((tabId, { newWindowId }) => {
    forwardTabEvent({ type: 'attached', tabId, windowId: newWindowId });
  });
  chrome.tabs.onReplaced.addListener((addedTabId, removedTabId) => {
    forwardTabEvent({ type: 'replaced', addedTabId, removedTabId });
  });
  chrome.windows.onFocusChanged.addListener((windowId) => {
    forwardTabEvent({ type: 'focusChanged', windowId });
  });
}
