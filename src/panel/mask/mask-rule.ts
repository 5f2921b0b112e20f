// The one rule for the mask (docs/contracts.md 004-M7, as issue 28 changed it): it covers the agent's tab only while
// its own task runs and that tab is the tab in front of its window, whether or not that window has the focus (the
// person may be looking at it from another window or another program; docs/contracts.md O-OWN-5).

export interface MaskInputs {
  agentRunning: boolean;
  /** The agent's current tab, null when it has none. */
  agentTabId: number | null;
  /** The window the agent's tab is in, null when unknown. */
  agentWindowId: number | null;
  /** The active tab of the agent's window, null when unknown. */
  activeTabOfAgentWindow: number | null;
}

export function shouldShowMask(inputs: MaskInputs): boolean {
  const { agentRunning, agentTabId, agentWindowId, activeTabOfAgentWindow } = inputs;
  if (!agentRunning || agentTabId === null || agentWindowId === null) return false;
  return activeTabOfAgentWindow === agentTabId;
}
