// How the page layer reaches the frames of a tab: listed by Chrome, scripted on request (decision 0021).

/** One frame of a tab as Chrome lists it (a subset of webNavigation.getAllFrames' answer). */
export interface TabFrame {
  frameId: number;
  parentFrameId: number;
  url: string;
  documentId?: string;
}

/** How the page layer reaches a tab's frames; the chrome adapter implements it (src/panel/chrome/tab-access.ts). */
export interface FrameAccess {
  listFrames(tabId: number): Promise<TabFrame[]>;
  /** Runs the content script in that frame's document; throws `restricted` for a URL no extension may script. */
  injectFrame(tabId: number, frame: TabFrame): Promise<void>;
}
