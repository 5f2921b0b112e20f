// Finds the frameId of each cross-origin frame a snapshot lists. Chrome has no runtime.getFrameId (a content script
// cannot name the frame behind an <iframe>: w3c/webextensions#12), so both sides compute the frame's path in the
// tab's frame tree (src/content/snapshot/dom/frame-path.ts): the parent's script for the <iframe>, the frame's own
// script for its window, answering `ping`. The frames Chrome lists (webNavigation.getAllFrames) that another origin
// than their parent's holds are asked; one without our script gets it first (decision 0021: only in a task's tabs,
// by the worker, and never on a restricted URL).

import type { SteadyhandError } from '../../shared/errors';
import { safeParseOrigin } from '../../shared/urls';
import type { FrameAccess, TabFrame } from './frame-access';
import { framePage, type Relay } from './remote-page';

const PING_TIMEOUT_MS = 3_000;
const RECOVERABLE = new Set(['no_receiver', 'version_mismatch']);

/** True for a frame its parent's script cannot read: a web document of another origin than the parent's. */
function isForeign(frame: TabFrame, byId: Map<number, TabFrame>): boolean {
  if (frame.frameId === 0 || !/^https?:/i.test(frame.url)) return false;
  // about:blank and srcdoc parents take their own parent's origin.
  let parent = byId.get(frame.parentFrameId);
  while (parent && !/^https?:/i.test(parent.url) && parent.frameId !== 0) parent = byId.get(parent.parentFrameId);
  return !parent || safeParseOrigin(parent.url) !== safeParseOrigin(frame.url);
}

async function pathOf(tabId: number, frame: TabFrame, relay: Relay, access: FrameAccess, signal?: AbortSignal) {
  const ping = async () => {
    const options = { timeoutMs: PING_TIMEOUT_MS, ...(signal ? { signal } : {}) };
    return framePage(tabId, relay, frame.frameId).ping(undefined, options);
  };
  try {
    return (await ping()).framePath;
  } catch (error) {
    if (!RECOVERABLE.has((error as SteadyhandError).code)) throw error;
    await access.injectFrame(tabId, frame);
    return (await ping()).framePath;
  }
}

/**
 * Path → frameId of every foreign frame of the tab (nested ones included, for frames inside frames); a frame that
 * cannot be reached (restricted, gone, silent) or is on a site `allowed` refuses (the task's site gate) is left out.
 */
export async function locateFrames(
  tabId: number,
  relay: Relay,
  access: FrameAccess,
  signal?: AbortSignal,
  allowed: (url: string) => boolean = () => true,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const frames = await access.listFrames(tabId);
  const byId = new Map(frames.map((frame) => [frame.frameId, frame]));
  await Promise.all(
    frames
      // A frame on a site the task may not work on is never scripted, so it is never located either.
      .filter((frame) => isForeign(frame, byId) && allowed(frame.url))
      .map(async (frame) => {
        try {
          const path = await pathOf(tabId, frame, relay, access, signal);
          if (path !== undefined) found.set(path, frame.frameId);
        } catch (error) {
          console.debug(`[steadyhand] frame ${frame.frameId} of tab ${tabId} not read:`, error);
        }
      }),
  );
  return found;
}
