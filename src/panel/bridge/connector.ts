// The panel's connector (decision 0030): while "Let other agents use Steadyhand" is on, exactly one panel of all the
// windows' holds the Web Lock `steadyhand.bridge` and dials the local MCP server on 127.0.0.1 at the set port; when that
// panel goes, the browser hands the lock to another, which takes over. A dropped or refused link is dialled again after
// a backoff (0.5 s doubling to 5 s: a coding agent starts its server at any time, and a refused loopback dial costs next to nothing, back to 0.5 s after a welcome), never in a busy loop. Off, nothing listens or dials.

import { BRIDGE_PATH } from '../../shared/delegation/bridge-protocol';
import type { DelegationHandler } from '../../shared/delegation/tools';
import type { BridgeState } from '../store/bridge';
import { type PairingBook, runLinkSession } from './link-session';
import type { BridgeAdapters } from './ports';

export const BRIDGE_LOCK = 'steadyhand.bridge';
export const BACKOFF = { firstMs: 500, maxMs: 5_000 } as const;

interface Store {
  getState(): BridgeState;
  subscribe(listener: (state: BridgeState, previous: BridgeState) => void): () => void;
}

export function bridgeUrl(port: number): string {
  return `ws://127.0.0.1:${port}${BRIDGE_PATH}`;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export function startBridge(deps: {
  adapters: BridgeAdapters;
  store: Store;
  book: PairingBook;
  handler: DelegationHandler;
  /** A client's connection ended (issue 29): its tasks stop. */
  clientGone?(clientId: string): void;
  signal: AbortSignal;
}): void {
  const { adapters, store, book, handler, signal } = deps;
  let round: AbortController | null = null;

  const dialLoop = async (roundSignal: AbortSignal) => {
    let delay: number = BACKOFF.firstMs;
    while (!roundSignal.aborted) {
      store.getState().setStatus('connecting');
      const end = await runLinkSession({
        dial: adapters.dial,
        url: bridgeUrl(store.getState().port),
        handler,
        ...(deps.clientGone ? { clientGone: deps.clientGone } : {}),
        book,
        signal: roundSignal,
        onWelcome: () => store.getState().setStatus('connected'),
      });
      if (roundSignal.aborted) break;
      store.getState().setStatus('connecting');
      delay = end.welcomed ? BACKOFF.firstMs : Math.min(delay * 2, BACKOFF.maxMs);
      await pause(delay, roundSignal);
    }
  };

  // A round lasts while the switch is on and the port unchanged: it waits for the lock, then dials until it ends.
  const follow = (state: BridgeState, previous: BridgeState | null) => {
    if (previous && state.enabled === previous.enabled && state.port === previous.port) return;
    round?.abort();
    round = null;
    if (!state.enabled || signal.aborted) {
      store.getState().setStatus('off');
      return;
    }
    const current = new AbortController();
    round = current;
    store.getState().setStatus('standby');
    adapters
      .holdLock(BRIDGE_LOCK, current.signal, () => dialLoop(current.signal))
      .catch((error: unknown) => console.warn('[steadyhand] the link to other agents stopped:', error))
      .finally(() => {
        if (round === current) store.getState().setStatus('off');
      });
  };

  const unsubscribe = store.subscribe((state, previous) => follow(state, previous));
  signal.addEventListener(
    'abort',
    () => {
      unsubscribe();
      round?.abort();
    },
    { once: true },
  );
  follow(store.getState(), null);
}
