// Files the person attaches in the panel: those picked for the next message (shown as chips under the composer) and
// those of the current task, which upload_file may use. The File objects live in this page's memory only, never in
// storage: a panel that closes or reloads has none (decision 0022), and the UI says so.

import { create } from 'zustand';
import { MAX_FILE_BYTES } from '../agent';

export interface Attachment {
  /** Unique in the panel's life, for keys and removal. */
  id: number;
  file: File;
}

export interface AttachmentsState {
  /** Picked for the next message. */
  pending: Attachment[];
  /** Sent with the current task's messages: what upload_file can take. */
  task: Attachment[];
  /** Names refused by the size cap at the last pick, for the message under the chips. */
  tooLarge: string[];
  /** Adds picked or dropped files to the next message; a file over the cap is refused and named. */
  add(files: readonly File[]): void;
  remove(id: number): void;
  /**
   * The next message goes out: its files join the task's (`fresh`: a new task, whose files replace the last task's).
   * Returns the files it sent, for the message's note.
   */
  send(fresh: boolean): File[];
}

let nextId = 1;

export const useAttachments = create<AttachmentsState>()((set, get) => ({
  pending: [],
  task: [],
  tooLarge: [],
  add(files) {
    const fits = files.filter((file) => file.size <= MAX_FILE_BYTES);
    const tooLarge = files.filter((file) => file.size > MAX_FILE_BYTES).map((file) => file.name);
    // A file picked again under the same name replaces the earlier pick: upload_file names files, so names are unique.
    const names = new Set(fits.map((file) => file.name));
    const kept = get().pending.filter((attachment) => !names.has(attachment.file.name));
    set({ pending: [...kept, ...fits.map((file) => ({ id: nextId++, file }))], tooLarge });
  },
  remove(id) {
    set({ pending: get().pending.filter((attachment) => attachment.id !== id), tooLarge: [] });
  },
  send(fresh) {
    const { pending, task } = get();
    const names = new Set(pending.map((attachment) => attachment.file.name));
    const kept = fresh ? [] : task.filter((attachment) => !names.has(attachment.file.name));
    set({ pending: [], task: [...kept, ...pending], tooLarge: [] });
    return pending.map((attachment) => attachment.file);
  },
}));
