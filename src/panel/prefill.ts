// A task handed to the panel before it opened (npm start puts the demo task there): it lands in the task box once,
// for the person to run with Enter, and is removed so it never comes back.

export const PREFILL_KEY = 'steadyhand.prefill';

export async function takePrefilledTask(setDraft: (text: string) => void): Promise<void> {
  const stored = await chrome.storage.local.get(PREFILL_KEY);
  const text = stored[PREFILL_KEY];
  if (typeof text !== 'string' || text.trim() === '') return;
  await chrome.storage.local.remove(PREFILL_KEY);
  setDraft(text);
}
