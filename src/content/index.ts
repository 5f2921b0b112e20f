// Content script entry. The panel has it injected into a task's tabs only, once per new document (decision 0015),
// and may inject it again into a document that already runs it; each run of this file first looks at what the
// world already holds. Everything a running instance registers hangs on one AbortController, so retiring (an
// orphaned script after an extension update, an older build replaced by a newer injection) is a single abort().

import { BUILD_ID } from '../shared/build';
import { randomHexId } from '../shared/random-id';
import { Departure } from './departure';
import { onPrerenderActivated, onRestoredFromCache } from './lifecycle';
import { createPageController } from './page-controller';
import { announceReady, askPanel, isContextInvalidatedError, isContextValid } from './panel-client';
import { CallMemory, handleRpc } from './router';

interface Instance {
  build: string;
  documentToken: string;
  retire(): void;
}

/** What one document keeps across instances of this build: it outlives a retired controller within the document. */
interface DocumentMemory {
  build: string;
  // The actions this document ran, so a call re-sent after a lost service worker is not run twice (decision 0011).
  calls: CallMemory;
  // Whether the document is being left by a navigation in flight, so no action runs on a page about to be replaced.
  departure: Departure;
}

// Isolated-world globals: the page's own scripts cannot see them, and they mark nothing in the page's DOM.
const INSTANCE_KEY = '__steadyhandContent';
const MEMORY_KEY = '__steadyhandMemory';
const world = globalThis as typeof globalThis & { [INSTANCE_KEY]?: Instance; [MEMORY_KEY]?: DocumentMemory };

function documentMemory(): DocumentMemory {
  const kept = world[MEMORY_KEY];
  if (kept?.build === BUILD_ID) return kept;
  const memory: DocumentMemory = { build: BUILD_ID, calls: new CallMemory(), departure: new Departure(window) };
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    onPrerenderActivated(document, () => memory.calls.activated());
  }
  world[MEMORY_KEY] = memory;
  return memory;
}

/** Starts the controller for this document unless one of this build already runs here. */
function boot(): void {
  if (!isContextValid()) return;
  const existing = world[INSTANCE_KEY];
  if (existing && existing.build === BUILD_ID) {
    // Injected again: already running here; say so to whoever asked (frame 0 only, see below).
    if (window.top === window) announceReady(existing.documentToken);
    return;
  }
  existing?.retire();

  const { calls, departure } = documentMemory();
  const lifetime = new AbortController();
  const documentToken = randomHexId();
  const controller = createPageController(document, documentToken, {
    signal: lifetime.signal, // retiring disposes the controller: mask down, observers dropped
    onStopRequested: () => {
      askPanel('requestStop', { timeoutMs: 5_000, signal: lifetime.signal }).catch(() => {
        // No panel took the stop (none runs a task here, or it is gone): nothing should keep this tab blocked.
        controller.hideMask();
      });
    },
  });

  const onMessage: Parameters<typeof chrome.runtime.onMessage.addListener>[0] = (message, sender, sendResponse) => {
    try {
      return handleRpc(controller, message, sender, sendResponse, calls, departure);
    } catch (error) {
      if (isContextInvalidatedError(error)) lifetime.abort();
      throw error;
    }
  };
  chrome.runtime.onMessage.addListener(onMessage);
  lifetime.signal.addEventListener('abort', () => {
    if (isContextValid()) chrome.runtime.onMessage.removeListener(onMessage);
    if (world[INSTANCE_KEY] === instance) delete world[INSTANCE_KEY];
  });
  // A page restored from the back/forward cache keeps this script: tell the panel the document is back.
  onRestoredFromCache(
    window,
    () => {
      calls.activated();
      if (!isContextValid()) lifetime.abort();
      else if (window.top === window) announceReady(documentToken);
    },
    lifetime.signal,
  );

  const instance: Instance = { build: BUILD_ID, documentToken, retire: () => lifetime.abort() };
  world[INSTANCE_KEY] = instance;
  // The panel shows the mask on this document itself when the announcement reaches it (mask-coordinator.ts). A
  // subframe's document is not the tab's: the panel reaches it by frameId and waits on executeScript, not on this.
  if (window.top === window) announceReady(documentToken);
}

boot();
