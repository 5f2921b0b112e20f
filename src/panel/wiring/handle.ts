// The handle the panel publishes as `globalThis.steadyhand`, so the end-to-end tests, the bench and `npm start` drive
// the panel's own objects (the same relay, agent and stores a person's clicks reach). Types only.

import type { DelegationHandler } from '../../shared/delegation/tools';
import type { PageMethod } from '../../shared/protocol';
import type { Relay, TabAccess } from '../page/remote-page';
import type { RemotePageFactory } from '../page/remote-page-factory';
import type { useHistory } from '../store/history';
import type { useSavedTasks } from '../store/saved-tasks';
import type { useSettings } from '../store/settings';
import type { useUi } from '../store/ui';
import type { TabEventBus } from '../tabs/tab-event-bus';
import type { PanelCommands } from '../ui/commands';
import type { TabsKit } from './tabs-kit';
import type { TaskHost } from './task-host';

/** The relay to the pages as the panel holds it: opened once at start (chrome/port-transport.ts §PortTransport). */
export interface PanelTransport extends Relay {
  /** Opens the connection now, so the worker is awake before the first call. */
  open(): void;
  /** How many times the worker went away under us (diagnostics the e2e tests read). */
  readonly reconnects: number;
  /** Calls sent again after a lost worker, by method (diagnostics the e2e tests read). */
  readonly resent: Partial<Record<PageMethod, number>>;
}

export interface PanelHandle extends TabsKit {
  transport: PanelTransport;
  bus: TabEventBus;
  pages: RemotePageFactory;
  tabs: TabAccess;
  /** The panel's tasks: a runner each (its controller, TabsManager and mask), run side by side (task-host.ts). */
  host: TaskHost;
  /**
   * What answers other agents' calls over MCP (issue 29), as the bridge calls it: the e2e tests drive the task and
   * session tools through it without a server, and end a client as its disconnection does.
   */
  delegation: { handle: DelegationHandler; clientGone(clientId: string): void };
  commands: PanelCommands;
  settings: typeof useSettings;
  /** The saved tasks (issue 30): the tests save a run and read what a replay left on them. */
  savedTasks: typeof useSavedTasks;
  /** The history as the panel keeps it (the tests read a replay's report on its record). */
  history: typeof useHistory;
  ui: typeof useUi;
}

export type PanelHandleGlobal = typeof globalThis & { steadyhand: PanelHandle };
