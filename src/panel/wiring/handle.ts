// The handle the panel publishes as `globalThis.steadyhand`, so the end-to-end tests, the bench and `npm start` drive
// the panel's own objects (the same relay, agent and stores a person's clicks reach). Types only.

import type { AgentController } from '../agent';
import type { PortTransport } from '../chrome/port-transport';
import type { TabAccess } from '../page/remote-page';
import type { RemotePageFactory } from '../page/remote-page-factory';
import type { useSettings } from '../store/settings';
import type { useUi } from '../store/ui';
import type { TabsManager } from '../tabs/ownership/tabs-manager';
import type { TabEventBus } from '../tabs/tab-event-bus';
import type { PanelCommands } from '../ui/commands';
import type { TabsKit } from './tabs-kit';

export interface PanelHandle extends TabsKit {
  transport: PortTransport;
  bus: TabEventBus;
  pages: RemotePageFactory;
  tabs: TabAccess;
  controller: AgentController;
  commands: PanelCommands;
  /** The running (or last) task's TabsManager. */
  manager(): TabsManager | null;
  settings: typeof useSettings;
  ui: typeof useUi;
}

export type PanelHandleGlobal = typeof globalThis & { steadyhand: PanelHandle };
