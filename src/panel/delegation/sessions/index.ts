// Page-level sessions (issue 29): a client that drives with its own model opens a tab group of its own and gets
// Steadyhand's snapshot, find, read and page actions on it, each run by the agent's own tools in a task whose model is
// the client (client-model.ts, page-session.ts). The six session tools of DELEGATION_TOOLS are answered here; the
// delegation service routes them (src/panel/delegation/index.ts) and calls closeAllOf when a client goes.

import type { DelegationCall, DelegationHandler, DelegationReply } from '../../../shared/delegation/tools';
import type { SessionHost } from '../../wiring/session-host';
import { refuseAction } from './page-calls';
import { PageSession, type SessionTurn, type StepOutcome } from './page-session';
import {
  actionReply,
  CANCELLED,
  closedReply,
  endedReply,
  errorReply,
  openedReply,
  readReply,
  snapshotReply,
} from './session-replies';

export interface SessionsDeps {
  host: SessionHost;
  /** The line the thread list shows for a client's session, in the person's language. */
  label(clientName: string): string;
}

export interface Sessions {
  /** Answers the six session tools; `io.signal` cancels the wait for a call's answer (not a call already sent). */
  handle: DelegationHandler;
  /** The client disconnected or was revoked: its sessions close, leaving no mask up and no lock held. */
  closeAllOf(clientId: string): Promise<void>;
  /** closeAllOf without waiting (the delegation service's SessionTools). */
  clientGone(clientId: string): void;
  /** The open sessions (the tests and the bench read them). */
  open(): readonly { id: string; clientId: string }[];
}

export function createSessions(deps: SessionsDeps): Sessions {
  const sessions = new Map<string, PageSession>();

  const track = (session: PageSession) => {
    sessions.set(session.id, session);
    const forget = () => sessions.delete(session.id);
    session.done.then(forget, forget);
  };

  async function openSession(call: DelegationCall, signal: AbortSignal): Promise<DelegationReply> {
    const url = String(call.args.start_url);
    const session = new PageSession(deps.host, call.client, deps.label(call.client.name));
    track(session);
    // The session's first turn opens its tab: open_url asks the person about a site they have not allowed.
    const outcome = await session.step({ name: 'open_url', input: { url } }, signal);
    if (outcome.kind === 'answered' && !outcome.readout.result?.isError) return openedReply(session.id, outcome);
    const said = outcome.kind === 'answered' ? outcome.readout.result?.text : null;
    const result = await session.close();
    if (outcome.kind === 'cancelled') return CANCELLED;
    return errorReply(`The session could not open ${url}: ${said ?? result.summary}`, { status: result.status });
  }

  function sessionOf(call: DelegationCall): PageSession | DelegationReply {
    const id = String(call.args.session_id);
    const session = sessions.get(id);
    // Another client's session is "not found" in the same words as an unknown id: its existence is not told.
    if (!session || session.client.id !== call.client.id) {
      return errorReply(`There is no open session ${id.slice(0, 64)} of this client. Open one with open_session.`);
    }
    return session;
  }

  async function stepReply(
    session: PageSession,
    turn: SessionTurn,
    signal: AbortSignal,
    reply: (answered: Extract<StepOutcome, { kind: 'answered' }>) => DelegationReply,
  ): Promise<DelegationReply> {
    const outcome = await session.step(turn, signal);
    if (outcome.kind === 'cancelled') return CANCELLED;
    if (outcome.kind === 'ended') return endedReply(session.id, outcome.result);
    return reply(outcome);
  }

  const handle: DelegationHandler = async (call, io) => {
    const { signal } = io;
    if (call.tool === 'open_session') return openSession(call, signal);
    const session = sessionOf(call);
    if (!(session instanceof PageSession)) return session;
    const id = session.id;
    switch (call.tool) {
      case 'close_session':
        return closedReply(id, await session.close());
      case 'page_snapshot':
        return stepReply(session, null, signal, (answered) => snapshotReply(id, answered));
      case 'page_find': {
        const turn = { name: 'find', input: { query: String(call.args.query) } };
        return stepReply(session, turn, signal, (answered) => readReply(id, answered));
      }
      case 'page_read':
        return stepReply(session, { name: 'read_page', input: {} }, signal, (answered) => readReply(id, answered));
      case 'page_action': {
        const action = String(call.args.action);
        const input = (call.args.input ?? {}) as Record<string, unknown>;
        const refused = refuseAction(action, input, session.fence);
        if (refused) return errorReply(refused, { session_id: id, action, outcome: 'refused' });
        const turn = { name: action, input };
        return stepReply(session, turn, signal, (answered) => actionReply(id, action, answered));
      }
      default:
        return errorReply(`${call.tool} is not a session tool.`);
    }
  };

  async function closeAllOf(clientId: string): Promise<void> {
    const mine = [...sessions.values()].filter((session) => session.client.id === clientId);
    await Promise.all(mine.map((session) => session.close()));
  }

  return {
    handle,
    closeAllOf,
    clientGone: (clientId) => void closeAllOf(clientId),
    open: () => [...sessions.values()].map((session) => ({ id: session.id, clientId: session.client.id })),
  };
}
