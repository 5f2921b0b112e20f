// What the person has typed into the settings form and not yet handed back to the saved settings: a field's text
// while it is being typed (saved as soon as it is valid, kept as typed while it is not), which fields show their
// error, and which sections of the form are open. A store, not the form's own state, so that switching to the task
// view and back keeps all of it, and so that settings saved by another panel (followSavedSettings) replace only the
// fields the person is not typing in. Not persisted: the saved settings are what lasts.

import { create } from 'zustand';

export interface SettingsEditsState {
  /** Field → its text as typed, until the person leaves the field with a valid value. */
  texts: Readonly<Record<string, string>>;
  /** Fields whose error shows: the person left them, or tried to use the form while they were invalid. */
  shown: Readonly<Record<string, true>>;
  /** Section → open; sections not listed take their default. */
  open: Readonly<Record<string, boolean>>;
  type(field: string, text: string): void;
  /** The person left a valid field: the form shows the saved value again. */
  settle(field: string): void;
  /** Shows the errors of these fields (when they have one). */
  reveal(fields: readonly string[]): void;
  setOpen(section: string, open: boolean): void;
}

export const INITIAL_SETTINGS_EDITS = { texts: {}, shown: {}, open: {} } as const;

export const useSettingsEdits = create<SettingsEditsState>()((set) => ({
  ...INITIAL_SETTINGS_EDITS,
  type: (field, text) => set((s) => ({ texts: { ...s.texts, [field]: text } })),
  settle: (field) =>
    set((s) => {
      const { [field]: _text, ...texts } = s.texts;
      const { [field]: _shown, ...shown } = s.shown;
      return { texts, shown };
    }),
  reveal: (fields) =>
    set((s) => ({ shown: { ...s.shown, ...Object.fromEntries(fields.map((field) => [field, true as const])) } })),
  setOpen: (section, open) => set((s) => ({ open: { ...s.open, [section]: open } })),
}));
