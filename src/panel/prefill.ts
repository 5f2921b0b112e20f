// A task handed to the panel before it opened (npm start puts the demo task there): it lands in the task box once,
// for the person to run with Enter, and is removed so it never comes back.

import type { StateStorage } from 'zustand/middleware';

export const PREFILL_KEY = 'steadyhand.prefill';

/** `storage` is chrome.storage.local's (chrome/local-storage.ts), which reads anything but a string as nothing. */
export async function takePrefilledTask(
  storage: Pick<StateStorage, 'getItem' | 'removeItem'>,
  setDraft: (text: string) => void,
): Promise<void> {
  const text = await storage.getItem(PREFILL_KEY);
  if (typeof text !== 'string' || text.trim() === '') return;
  await storage.removeItem(PREFILL_KEY);
  setDraft(text);
}
