// Content script entry. Boots once per document and isolated world; everything it registers hangs on one
// AbortController, so retiring (an orphaned script after an extension update, or an older build replaced by a
// newer injection) is a single abort().

import { BUILD_ID } from '../shared/build';
import { Departure } from './departure';
import { PageController } from './page-controller';
import { announceReady, askPanel, isContextInvalidatedError, isContextValid } from './panel-client';
import { CallMemory, handleRpc } from './router';

interface Instance {
  build: string;
  documentToken: string;
  retire(): void;
}

const GLOBAL_KEY = '__steadyhandContent';
// A module is evaluated once per world: injecting the script file again after this one retired would only hit the
// module cache. The panel calls this hook instead (see src/panel/chrome/tab-access.ts).
const BOOT_KEY = '__steadyhandBoot';
const world = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Instance; [BOOT_KEY]?: () => boolean };
// The actions this document ran, so a call re-sent after a lost service worker is not run twice (decision 0011).
// Module state lives exactly as long as the document, and outlives a reboot of the controller within it.
const calls = new CallMemory();
// Whether the document is being left by a navigation in flight, so no action runs on a page about to be replaced.
const departure = new Departure(window);
if ((document as Document & { prerendering?: boolean }).prerendering) {
  document.addEventListener('prerenderingchange', () => calls.activated(), { once: true });
}

/** Starts the controller for this document unless one of this build is already running; true if one runs now. */
function boot(): boolean {
  if (!isContextValid()) return false;
  const existing = world[GLOBAL_KEY];
  if (existing && existing.build === BUILD_ID) {
    announceReady(existing.documentToken); // boot guard: already running here; say so to whoever asked
    return true;
  }
  existing?.retire();

  const lifetime = new AbortController();
  const documentToken = crypto.randomUUID();
  const controller = new PageController(document, documentToken, {
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
    delete document.documentElement.dataset.steadyhand;
    if (world[GLOBAL_KEY] === instance) delete world[GLOBAL_KEY];
  });
  // A page restored from the back/forward cache keeps this script: tell the panel the document is back.
  window.addEventListener(
    'pageshow',
    (event) => {
      if (!event.persisted) return;
      calls.activated();
      if (!isContextValid()) lifetime.abort();
      else announceReady(documentToken);
    },
    { signal: lifetime.signal },
  );

  const instance: Instance = { build: BUILD_ID, documentToken, retire: () => lifetime.abort() };
  world[GLOBAL_KEY] = instance;
  document.documentElement.dataset.steadyhand = BUILD_ID;
  announceReady(documentToken);
  restoreMask(controller, lifetime.signal);
  return true;
}

/** A document that loads mid-task asks the panel whether the mask belongs on it (DESIGN §5). */
function restoreMask(controller: PageController, signal: AbortSignal): void {
  askPanel('maskState', { timeoutMs: 5_000, signal })
    .then((state) => {
      if (!state.show || signal.aborted) return;
      controller.showMask(state.label ? { leaseMs: state.leaseMs, label: state.label } : { leaseMs: state.leaseMs });
    })
    .catch(() => {
      // `no_receiver`: no panel runs a task on this tab, so no mask. Any other failure (no answer in time, a lease
      // the mask refused): the panel shows the mask again at its next step if it should be up.
    });
}

world[BOOT_KEY] = boot;
boot();
