// Files the person attaches in the panel: those picked for the next message (shown as chips under the composer) and
// those of each task, which that task's upload_file may use (tasks run side by side: decision 0029). The File objects live in this page's memory only, never in
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
  /** Sent with each task's messages, by task id: what that task's upload_file can take. */
  byTask: Record<string, Attachment[]>;
  /** Names refused by the size cap at the last pick, for the message under the chips. */
  tooLarge: string[];
  /** Adds picked or dropped files to the next message; a file over the cap is refused and named. */
  add(files: readonly File[]): void;
  remove(id: number): void;
  /** The next message goes out: returns the files picked for it (for the message's note) and clears the chips. */
  send(): Attachment[];
  /** The files of a message join its task's (a file sent again under the same name replaces the earlier one). */
  attach(taskId: string, sent: readonly Attachment[]): void;
}

let nextId = 1;

export const useAttachments = create<AttachmentsState>()((set, get) => ({
  pending: [],
  byTask: {},
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
  send() {
    const { pending } = get();
    set({ pending: [], tooLarge: [] });
    return pending;
  },
  attach(taskId, sent) {
    if (sent.length === 0) return;
    const names = new Set(sent.map((attachment) => attachment.file.name));
    const kept = (get().byTask[taskId] ?? []).filter((attachment) => !names.has(attachment.file.name));
    set({ byTask: { ...get().byTask, [taskId]: [...kept, ...sent] } });
  },
}));
