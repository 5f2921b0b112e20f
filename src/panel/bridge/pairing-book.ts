// The paired clients over the bridge store: a secret is checked by its hash, a pairing is the person's answer in the
// panel, and an accepted client gets a fresh secret, stored here only as its hash (decision 0030).

import { randomHexId } from '../../shared/random-id';
import type { BridgeState } from '../store/bridge';
import type { PairingBook } from './link-session';
import { hashSecret, newSecret, sameHash } from './secrets';

export function pairingBook(store: { getState(): BridgeState }, now: () => number = Date.now): PairingBook {
  return {
    async find(secret) {
      const hash = await hashSecret(secret);
      const found = store.getState().clients.find((c) => sameHash(c.secretHash, hash));
      return found ? { id: found.id, name: found.name } : null;
    },
    async pair(name, code, signal) {
      const accepted = await store.getState().askPairing({ id: randomHexId(8), name, code }, signal);
      if (!accepted || signal.aborted) return null;
      const secret = newSecret();
      const client = { id: randomHexId(8), name };
      store
        .getState()
        .addClient({ ...client, secretHash: await hashSecret(secret), pairedAt: now(), lastUsedAt: null });
      return { client, secret };
    },
    isPaired: (id) => store.getState().clients.some((c) => c.id === id),
    touch: (id) => store.getState().touch(id, now()),
  };
}
