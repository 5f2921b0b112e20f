// The panel's side of delegation over MCP (issue 29): one DelegationHandler the bridge calls for every tools/call of a
// paired client. Task tools go to task-tools.ts (over the TaskHost); page-level session tools go to the sessions
// (src/panel/delegation/sessions/) when they are given, and are refused with a reply saying so until then.

import type { DelegationHandler, DelegationReply } from '../../shared/delegation/tools';
import { createTaskTools, isTaskTool, type TaskToolsDeps } from './task-tools';

/** The page-level sessions' side: the same handler shape, and the cleanup when a client goes away. */
export interface SessionTools {
  handle: DelegationHandler;
  clientGone(clientId: string): void;
}

export interface DelegationDeps extends TaskToolsDeps {
  sessions?: SessionTools;
}

export interface Delegation {
  handle: DelegationHandler;
  /** The client disconnected: its running tasks stop (and its sessions close). */
  clientGone(clientId: string): void;
}

const NO_SESSIONS: DelegationReply = {
  text: 'Page-level sessions are not available in this version of Steadyhand yet: use run_task.',
  isError: true,
};

export function createDelegation(deps: DelegationDeps): Delegation {
  const tasks = createTaskTools(deps);
  const { sessions } = deps;
  return {
    async handle(call, io) {
      if (isTaskTool(call.tool)) return tasks.call(call.client, call.tool, call.args, io);
      return sessions ? sessions.handle(call, io) : NO_SESSIONS;
    },
    clientGone(clientId) {
      tasks.clientGone(clientId);
      sessions?.clientGone(clientId);
    },
  };
}
