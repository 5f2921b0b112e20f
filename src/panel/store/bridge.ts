// Other agents over MCP, as the panel keeps it (decision 0030): the switch "Let other agents use Steadyhand" (off by
// default), the port the panel dials, and the paired clients, persisted in chrome.storage.local; a client's secret is
// kept only as its SHA-256, so reading storage gives no one a working secret. Not persisted: what this panel's link
// is doing, and the pairing requests waiting for the person's answer.

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_BRIDGE_PORT } from '../../shared/delegation/bridge-protocol';
import type { WatchStoredKey } from './settings';
import { BRIDGE_KEY } from './storage-keys';
import { persistedStorage } from './storage-port';

export interface PairedClient {
  readonly id: string;
  readonly name: string;
  /** SHA-256 of the secret, hex. */
  readonly secretHash: string;
  readonly pairedAt: number;
  readonly lastUsedAt: number | null;
}

export interface PairingRequest {
  readonly id: string;
  readonly name: string;
  readonly code: string;
}

/** off: the switch is off; standby: another panel holds the link; connecting: dialling; connected: the server answered. */
export type BridgeStatus = 'off' | 'standby' | 'connecting' | 'connected';

export const BRIDGE_PORT = { min: 1024, max: 65_535, default: DEFAULT_BRIDGE_PORT } as const;

export interface BridgeState {
  enabled: boolean;
  port: number;
  clients: PairedClient[];
  status: BridgeStatus;
  requests: PairingRequest[];
  setEnabled(enabled: boolean): void;
  /** A whole number in BRIDGE_PORT's range; anything else is ignored. */
  setPort(port: number): void;
  addClient(client: PairedClient): void;
  revoke(id: string): void;
  touch(id: string, at: number): void;
  setStatus(status: BridgeStatus): void;
  /** Shows a pairing request until the person answers (true: accepted) or `signal` aborts (false). */
  askPairing(request: PairingRequest, signal: AbortSignal): Promise<boolean>;
  answerPairing(id: string, accepted: boolean): void;
}

type Persisted = Pick<BridgeState, 'enabled' | 'port' | 'clients'>;

const answers = new Map<string, (accepted: boolean) => void>();

export function isBridgePort(port: unknown): port is number {
  return Number.isInteger(port) && (port as number) >= BRIDGE_PORT.min && (port as number) <= BRIDGE_PORT.max;
}

function migrate(stored: unknown): Persisted {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Persisted>;
  const clients = Array.isArray(value.clients)
    ? value.clients.filter(
        (c): c is PairedClient =>
          typeof c?.id === 'string' && typeof c.name === 'string' && /^[0-9a-f]{64}$/.test(c.secretHash ?? ''),
      )
    : [];
  return {
    enabled: value.enabled === true,
    port: isBridgePort(value.port) ? value.port : BRIDGE_PORT.default,
    clients,
  };
}

export const useBridge = create<BridgeState>()(
  persist(
    (set) => ({
      enabled: false,
      port: BRIDGE_PORT.default,
      clients: [],
      status: 'off',
      requests: [],
      setEnabled: (enabled) => set({ enabled }),
      setPort: (port) => {
        if (isBridgePort(port)) set({ port });
      },
      addClient: (client) => set((s) => ({ clients: [...s.clients.filter((c) => c.name !== client.name), client] })),
      revoke: (id) => set((s) => ({ clients: s.clients.filter((c) => c.id !== id) })),
      touch: (id, at) => set((s) => ({ clients: s.clients.map((c) => (c.id === id ? { ...c, lastUsedAt: at } : c)) })),
      setStatus: (status) => set({ status }),
      askPairing: (request, signal) =>
        new Promise<boolean>((resolve) => {
          const settle = (accepted: boolean) => {
            answers.delete(request.id);
            signal.removeEventListener('abort', onAbort);
            set((s) => ({ requests: s.requests.filter((r) => r.id !== request.id) }));
            resolve(accepted);
          };
          const onAbort = () => settle(false);
          if (signal.aborted) return resolve(false);
          answers.set(request.id, settle);
          signal.addEventListener('abort', onAbort, { once: true });
          set((s) => ({ requests: [...s.requests, request] }));
        }),
      answerPairing: (id, accepted) => answers.get(id)?.(accepted),
    }),
    {
      name: BRIDGE_KEY,
      version: 1,
      storage: createJSONStorage(() => persistedStorage),
      partialize: (s): Persisted => ({ enabled: s.enabled, port: s.port, clients: s.clients }),
      migrate: (stored) => migrate(stored),
      merge: (stored, current) => (stored === undefined ? current : { ...current, ...migrate(stored) }),
    },
  ),
);

/** Follows the switch, the port and the clients another panel saves (a revoke there reaches the link here). */
export function followSavedBridge(watch: WatchStoredKey): () => void {
  return watch(BRIDGE_KEY, () => void useBridge.persist.rehydrate());
}
