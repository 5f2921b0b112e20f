// The stores' one way to persistent storage, and the write coalescing the history needs. The stores are created when
// their modules load, before the panel's composition root runs, so their first read waits until main.tsx connects
// the adapter (src/panel/chrome/local-storage.ts); the stores themselves know nothing of chrome.*.

import type { StateStorage } from 'zustand/middleware';

/**
 * zustand's StateStorage, and several keys read or written in one operation: the history keeps one key per task
 * (history-layout.ts), and a write that sets some and removes others must reach other panels as one change.
 */
export interface PanelStorage extends StateStorage {
  /** Every stored key starting with `prefix`, with its value. */
  getMany(prefix: string): Promise<Record<string, string>>;
  /** Sets `items` and removes `removed` as one change (other pages hear it as one). */
  setMany(items: Record<string, string>, removed: string[]): Promise<void>;
}

let current: PanelStorage | null = null;
let connect: (storage: PanelStorage) => void = () => {};
const connected = new Promise<PanelStorage>((resolve) => {
  connect = resolve;
});

/** Gives the stores their storage; called once by the composition root (and by the unit tests' setup). */
export function connectStorage(storage: PanelStorage): void {
  current = storage;
  connect(storage);
}

/**
 * The storage the stores persist to. Once connected, every call goes straight through in the same tick: the history
 * writes an event "at once" so that a panel torn down without a pagehide loses nothing (history.ts).
 */
export const persistedStorage: PanelStorage = {
  getItem: (name) => (current ? current.getItem(name) : connected.then((storage) => storage.getItem(name))),
  setItem: (name, value) =>
    current ? current.setItem(name, value) : connected.then((storage) => storage.setItem(name, value)),
  removeItem: (name) => (current ? current.removeItem(name) : connected.then((storage) => storage.removeItem(name))),
  getMany: (prefix) => (current ? current.getMany(prefix) : connected.then((storage) => storage.getMany(prefix))),
  setMany: (items, removed) =>
    current ? current.setMany(items, removed) : connected.then((storage) => storage.setMany(items, removed)),
};

/** A storage of values of one type by name: StateStorage when they are strings, zustand's PersistStorage for objects. */
export interface NamedValues<T> {
  getItem(name: string): T | null | PromiseLike<T | null>;
  setItem(name: string, value: T): unknown;
  removeItem(name: string): unknown;
}

export interface CoalescingStorage<T = string> extends NamedValues<T> {
  /** Writes what is waiting now. */
  flush(): void;
}

/**
 * Coalesces writes: the history store changes on every streamed token, and one storage write per token would cost
 * more than the model call. The latest value per key is written after `delayMs`, at once when the panel hides, and
 * whenever the owner calls `flush()` (an extension reload tears the panel down without a `pagehide`).
 */
export function coalescingStorage<T = string>(storage: NamedValues<T>, delayMs: number): CoalescingStorage<T> {
  const waiting = new Map<string, T>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [name, value] of waiting) void storage.setItem(name, value);
    waiting.clear();
  };
  if (typeof addEventListener === 'function') addEventListener('pagehide', flush);
  return {
    getItem: (name) => waiting.get(name) ?? storage.getItem(name),
    setItem(name, value) {
      waiting.set(name, value);
      timer ??= setTimeout(flush, delayMs);
    },
    removeItem(name) {
      waiting.delete(name);
      return storage.removeItem(name);
    },
    flush,
  };
}
