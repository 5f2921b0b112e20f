// The tab switches of the settings, with their safe defaults (docs/contracts.md 002-9).

/** What happens to the agent's tabs when a run ends. */
export type TabsAtEnd = 'keep' | 'ungroup' | 'close';

export interface TabsSettings {
  /** On: the agent keeps its tab whatever the person does. Off: it follows the person's active tab (old behaviour). */
  tabStickiness: boolean;
  /** keep (default): the group stays so the person can see what the agent did. */
  endOfTaskTabs: TabsAtEnd;
  /** A popup opened by the agent's current tab becomes the current tab (a target=_blank link, window.open). */
  followPopups: boolean;
}

export const DEFAULT_TABS_SETTINGS: TabsSettings = { tabStickiness: true, endOfTaskTabs: 'keep', followPopups: true };
