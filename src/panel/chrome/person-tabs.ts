// What the panel's commands ask of the browser beyond the agent (src/panel/wiring/commands.ts §CommandsBrowser):
// showing the person a tab (the task tabs' list, "run again" from its start tab) and the extension's version for an
// exported trace.

export const chromePersonTabs = {
  async showIfInThisWindow(tabId: number): Promise<void> {
    const tab = await chrome.tabs.get(tabId);
    const here = await chrome.windows.getCurrent();
    if (tab.windowId === here.id) await chrome.tabs.update(tabId, { active: true });
  },
  async focus(tabId: number): Promise<void> {
    const tab = await chrome.tabs.update(tabId, { active: true });
    if (tab) await chrome.windows.update(tab.windowId, { focused: true });
  },
  version: (): string => chrome.runtime.getManifest().version,
};
