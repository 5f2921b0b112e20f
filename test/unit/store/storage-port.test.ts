// The stores' storage port: the stores are created before the composition root connects the storage, so a read made
// before that waits for it, and once connected every call goes straight through in the same tick.

import { describe, expect, it, vi } from 'vitest';
import type { PanelStorage } from '../../../src/panel/store/storage-port';

/** A fresh copy of the module: the copy the unit setup connected is shared by every store test. */
async function freshPort() {
  vi.resetModules();
  return import('../../../src/panel/store/storage-port');
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const writes: string[] = [];
  const storage: PanelStorage = {
    getItem: (name) => data.get(name) ?? null,
    setItem: (name, value) => {
      writes.push(name);
      data.set(name, value);
    },
    removeItem: (name) => {
      data.delete(name);
    },
    getMany: async (prefix) => Object.fromEntries([...data].filter(([key]) => key.startsWith(prefix))),
    setMany: async (items, removed) => {
      for (const [name, value] of Object.entries(items)) storage.setItem(name, value);
      for (const name of removed) storage.removeItem(name);
    },
  };
  return { storage, data, writes };
}

describe('the stores’ storage port', () => {
  it('holds a read made before the storage is connected until it is, then answers from it', async () => {
    const { connectStorage, persistedStorage } = await freshPort();
    let answer: string | null | undefined;
    void Promise.resolve(persistedStorage.getItem('settings')).then((value) => {
      answer = value;
    });
    await Promise.resolve();
    expect(answer).toBeUndefined();
    connectStorage(memoryStorage({ settings: '{"v":3}' }).storage);
    await vi.waitFor(() => expect(answer).toBe('{"v":3}'));
  });

  it('writes in the same tick once connected', async () => {
    const { connectStorage, persistedStorage } = await freshPort();
    const memory = memoryStorage();
    connectStorage(memory.storage);
    persistedStorage.setItem('history', '[]');
    expect(memory.writes).toEqual(['history']);
    expect(memory.data.get('history')).toBe('[]');
    void persistedStorage.setMany({ 'history.task.a': '{}' }, ['history.task.b']);
    expect(memory.writes).toEqual(['history', 'history.task.a']);
  });
});
