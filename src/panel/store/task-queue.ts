// Tasks the person asked for while the panel already ran as many as the "tasks at once" setting allows: they wait
// here, oldest first, and start as running ones end (wiring/task-host.ts, decision 0029). Not persisted: a queued task
// has not started, so a closed panel has nothing of it to keep.

import { create } from 'zustand';

export interface QueuedTask {
  queueId: string;
  instruction: string;
  /** The task it continues (a follow-up of a task that had ended); null for a new task. */
  followUpOf: string | null;
  at: number;
}

export interface TaskQueueState {
  queued: QueuedTask[];
  show(queued: QueuedTask[]): void;
}

export const useTaskQueue = create<TaskQueueState>()((set) => ({
  queued: [],
  show: (queued) => set({ queued }),
}));
