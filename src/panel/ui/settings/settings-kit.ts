// What a section of the settings page gets from the page (settings-view.tsx): the values the fields show, and how a
// field saves. A section adds fields with it and nothing else; the page saves each field as it changes.

import type { DraftField, SettingsDraft } from './settings-form';

/** The text fields: typed into, kept as typed while invalid. */
export type TextDraftField = {
  [K in DraftField]: SettingsDraft[K] extends string ? K : never;
}[DraftField];

export interface SettingsKit {
  /** What the fields show: the saved settings, with the text the person is typing in the fields they are typing in. */
  draft: SettingsDraft;
  /** A field's id and its error, if it shows one. */
  field(name: DraftField): { id: string; error: string | undefined };
  /** A text field's value, id and error, wired to save as it is typed. */
  text(name: TextDraftField): {
    id: string;
    error: string | undefined;
    value: string;
    onValue(value: string): void;
    onLeave(): void;
  };
  /** Sets a field and saves it when it is valid. */
  set<K extends DraftField>(name: K, value: SettingsDraft[K]): void;
}

export const fieldId = (field: DraftField) => `setting-${field}`;
