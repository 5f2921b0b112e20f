import { chrome } from 'jest-chrome';
import { describe, expect, it, vi } from 'vitest';
import { chromeLocalStorage } from '../../../src/panel/chrome/local-storage';
import { PREFILL_KEY, takePrefilledTask } from '../../../src/panel/prefill';

function storage(initial: Record<string, unknown>) {
  const data = new Map(Object.entries(initial));
  vi.mocked(chrome.storage.local.get).mockImplementation((async (key: string) => ({ [key]: data.get(key) })) as never);
  vi.mocked(chrome.storage.local.remove).mockImplementation((async (key: string) => {
    data.delete(key);
  }) as never);
  return data;
}

describe('a task handed to the panel before it opened', () => {
  it('lands in the task box once and is removed', async () => {
    const data = storage({ [PREFILL_KEY]: 'Buy a fern' });
    const setDraft = vi.fn();
    await takePrefilledTask(chromeLocalStorage, setDraft);
    expect(setDraft).toHaveBeenCalledExactlyOnceWith('Buy a fern');
    expect(data.has(PREFILL_KEY)).toBe(false);
    await takePrefilledTask(chromeLocalStorage, setDraft);
    expect(setDraft).toHaveBeenCalledTimes(1);
  });

  it('leaves the task box alone when nothing was handed over', async () => {
    storage({ [PREFILL_KEY]: '  ' });
    const setDraft = vi.fn();
    await takePrefilledTask(chromeLocalStorage, setDraft);
    expect(setDraft).not.toHaveBeenCalled();
  });
});
