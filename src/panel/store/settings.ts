// The agent's settings as the panel keeps them: persisted in chrome.storage.local (the API key never leaves the
// extension's own pages), versioned, and passed through migrateSettings on every load, so whatever is stored (an older
// version, a partial object, garbage) comes back as complete, valid settings.

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type AgentSettings, DEFAULT_SETTINGS, migrateSettings, SETTINGS_VERSION, withSettings } from '../agent';
import { SETTINGS_KEY } from './storage-keys';
import { persistedStorage } from './storage-port';

export { SETTINGS_KEY };

export interface SettingsState {
  settings: AgentSettings;
  /** Replaces some fields; the result is validated like stored settings (an invalid field keeps its default). */
  update(patch: Partial<AgentSettings>): void;
}

type Persisted = Pick<SettingsState, 'settings'>;

function storedSettings(stored: unknown): unknown {
  return typeof stored === 'object' && stored !== null ? (stored as { settings?: unknown }).settings : undefined;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      settings: DEFAULT_SETTINGS,
      update: (patch) => set((state) => ({ settings: withSettings(state.settings, patch) })),
    }),
    {
      name: SETTINGS_KEY,
      version: SETTINGS_VERSION,
      storage: createJSONStorage(() => persistedStorage),
      partialize: (state): Persisted => ({ settings: state.settings }),
      migrate: (stored): Persisted => ({ settings: migrateSettings(storedSettings(stored)) }),
      merge: (stored, current) => {
        const value = storedSettings(stored);
        // Nothing stored yet: keep what is in memory (defaults, or an update made before the load finished).
        if (value === undefined) return current;
        return { ...current, settings: migrateSettings(value) };
      },
    },
  ),
);

/** Watches one key of persistent storage for changes made by another page; the composition root passes chrome's. */
export type WatchStoredKey = (name: string, onChange: (value: string | null) => void) => () => void;

/**
 * Reloads the settings whenever another panel (a second window's, or the panel opened as a tab) saves them. Chromium
 * may load the side panel's page before it is shown, so its first read can predate a save made meanwhile elsewhere.
 */
export function followSavedSettings(watch: WatchStoredKey): () => void {
  return watch(SETTINGS_KEY, () => void useSettings.persist.rehydrate());
}
