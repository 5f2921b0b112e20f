// The panel's tab machinery as the e2e tests and the bench reach it: the `steadyhand` debug handle extended with the
// TabsKit (src/panel/wiring/tabs-kit.ts) that src/panel/main.tsx publishes.

import type { MaskCoordinator } from '../../src/panel/mask/mask-coordinator';
import type { TabsManager } from '../../src/panel/tabs/ownership/tabs-manager';
import type { TabsKit } from '../../src/panel/wiring/tabs-kit';
import type { PanelHandle } from '../support/panel';

export type TabsPanelGlobal = typeof globalThis & {
  steadyhand: PanelHandle & TabsKit;
  /** Managers a test created, by task id, so later evaluate calls can reach them. */
  managers?: Record<string, TabsManager>;
  /** The mask coordinator a test made (TabsKit.createMask), driven by hand. */
  mask?: MaskCoordinator;
};
