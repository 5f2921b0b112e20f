// The one task the offline demo model can play, as the panel offers it (a one-click example in the demo notice):
// known once `npm start` has said where its demo shop is (wiring/demo-example.ts). Not persisted.

import { create } from 'zustand';

export interface DemoExampleState {
  /** The demo task's instruction on the shop being served, or null when no demo shop is known. */
  example: string | null;
}

export const useDemoExample = create<DemoExampleState>()(() => ({ example: null }));
