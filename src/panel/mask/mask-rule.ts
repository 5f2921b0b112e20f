// The one rule for the mask (docs/contracts.md 004-M7): it covers the agent's tab only while the agent runs, that tab's
// window has the focus, and that tab is the active tab of its window.

export interface MaskInputs {
  agentRunning: boolean;
  /** The agent's current tab, null when it has none. */
  agentTabId: number | null;
  /** The window the agent's tab is in, null when unknown. */
  agentWindowId: number | null;
  /** The focused Chrome window, or -1 (WINDOW_ID_NONE) when Chrome does not have the focus. */
  focusedWindowId: number;
  /** The active tab of the agent's window, null when unknown. */
  activeTabOfAgentWindow: number | null;
}

export function shouldShowMask(inputs: MaskInputs): boolean {
  const { agentRunning, agentTabId, agentWindowId, focusedWindowId, activeTabOfAgentWindow } = inputs;
  if (!agentRunning || agentTabId === null || agentWindowId === null) return false;
  return focusedWindowId === agentWindowId && activeTabOfAgentWindow === agentTabId;
}
