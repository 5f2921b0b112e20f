// The MCP face of the server, built with the official SDK (https://github.com/modelcontextprotocol/typescript-sdk):
// every tool of DELEGATION_TOOLS registered from the table with its input schema (the SDK validates arguments before a
// handler runs, so a malformed or oversized argument is an error result, not a call), each call forwarded to the
// panel, its steps sent as progress notifications when the client gave a progressToken
// (https://modelcontextprotocol.io/specification/2025-06-18/basic/utilities/progress), and a client's cancellation
// (notifications/cancelled) turned into the abort of the panel's call.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { DELEGATION_TOOL_NAMES, DELEGATION_TOOLS, type DelegationReply } from '../shared/delegation/tools';
import type { ClientLink } from './client-link';

export function toCallToolResult(reply: DelegationReply): CallToolResult {
  return {
    content: [{ type: 'text', text: reply.text }],
    ...(reply.data ? { structuredContent: reply.data } : {}),
    ...(reply.isError ? { isError: true } : {}),
  };
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export function createMcpServer(link: ClientLink, version: string): McpServer {
  const server = new McpServer({ name: 'steadyhand', version }, { capabilities: { tools: {} } });
  for (const name of DELEGATION_TOOL_NAMES) {
    const tool = DELEGATION_TOOLS[name];
    const input: z.ZodObject = tool.input;
    const handler = async (args: Record<string, unknown>, extra: Extra): Promise<CallToolResult> => {
      const token = extra._meta?.progressToken;
      // Progress is written before the result: a notification that came after it would be dropped by the client.
      const notified: Promise<void>[] = [];
      const reply = await link.call(name, args, {
        signal: extra.signal,
        progress: (step) => {
          if (token === undefined) return;
          notified.push(
            extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, progress: step.progress, message: step.message },
              })
              .catch(() => {}), // the client went away; its call is aborted by the signal
          );
        },
      });
      await Promise.all(notified);
      return toCallToolResult(reply);
    };
    server.registerTool(name, { description: tool.description, inputSchema: input }, handler);
  }
  // The client names itself in `initialize`; that name is what the person sees when asked to pair.
  server.server.oninitialized = () => {
    const info = server.server.getClientVersion();
    link.join(info?.name?.slice(0, 200) || 'An unnamed MCP client');
  };
  return server;
}
