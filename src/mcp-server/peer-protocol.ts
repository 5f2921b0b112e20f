// The frames between a server process that joined and the hub that holds the port (decision 0030): Node to Node on
// loopback, so they live here, not in src/shared. A joined process forwards its MCP client's calls; the hub carries
// them to the panel under that client's own `conn` and sends back what the panel answers.

import { z } from 'zod';
import { DELEGATION_TOOL_NAMES, type DelegationToolName } from '../shared/delegation/tools';

const id = z.string().min(1).max(64);
const toolName = z.enum(DELEGATION_TOOL_NAMES as [DelegationToolName, ...DelegationToolName[]]);

export const PeerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), version: z.number().int(), name: z.string().min(1).max(200) }).strict(),
  z.object({ type: z.literal('call'), id, tool: toolName, args: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ type: z.literal('cancel'), id }).strict(),
]);
export type PeerFrame = z.infer<typeof PeerFrame>;

const reply = z
  .object({
    text: z.string(),
    data: z.record(z.string(), z.unknown()).optional(),
    isError: z.boolean().optional(),
  })
  .strict();

export const HubFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('refused'), reason: z.string() }).strict(),
  z.object({ type: z.literal('progress'), id, progress: z.number(), message: z.string() }).strict(),
  z.object({ type: z.literal('reply'), id, reply }).strict(),
]);
export type HubFrame = z.infer<typeof HubFrame>;
