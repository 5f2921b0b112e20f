// What a tool call answers when the link cannot carry it: the calling agent reads these and tells the person what to
// do, so each says what is wrong and the one step that fixes it. The pairing code is the one the panel shows.

import type { DelegationReply } from '../shared/delegation/tools';

/** Where the MCP client stands with the panel: none yet, asked to pair, accepted, its secret refused, denied. */
export type AuthState = 'none' | 'pairing' | 'ok' | 'refused' | 'denied';

export function linkReplies(state: {
  connected: boolean;
  auth: AuthState;
  code: string;
  name: string | null;
}): DelegationReply | null {
  if (!state.connected)
    return {
      text:
        'Steadyhand is not connected. Ask the person to open Steadyhand\'s side panel and turn on "Let other agents ' +
        'use Steadyhand" in its Settings (the port there must match this server\'s), then call again.',
      isError: true,
      data: { reason: 'not_connected' },
    };
  switch (state.auth) {
    case 'ok':
      return null;
    case 'pairing':
    case 'none':
      return {
        text:
          `Steadyhand has not paired with this client yet. Ask the person to accept "${state.name ?? 'this client'}" ` +
          `with the code ${state.code} in Steadyhand's side panel (accept only if the panel shows the same code), ` +
          'then call again.',
        isError: true,
        data: { reason: 'pairing', code: state.code },
      };
    case 'denied':
      return {
        text: 'The person denied this client in Steadyhand. Restart this MCP server to ask again.',
        isError: true,
        data: { reason: 'denied' },
      };
    case 'refused':
      return {
        text:
          "Steadyhand refused this client's secret: it was revoked in Steadyhand's Settings, or Steadyhand never gave " +
          'it. Restart this MCP server to ask the person to pair it again.',
        isError: true,
        data: { reason: 'refused' },
      };
  }
}
