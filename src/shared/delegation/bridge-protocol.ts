// The wire between the local MCP server (src/mcp-server/) and the panel's connector (src/panel/bridge/), declared once
// and checked on both ends (decision 0030). The panel dials the server's loopback WebSocket; each side parses every
// frame with these schemas, so a malformed or unexpected frame is refused in words, never half-read. Each coding agent
// starts its own server process (stdio is one client per process); the first to take the port is the hub the panel
// dials and the others join it (src/mcp-server/peer-link.ts), so one connection carries several clients, each named
// by its `conn` id.
//
// Order: panel `hello` → server `welcome` (or `refused` and close) → per client, server `client` (the MCP client's
// name from `initialize`, its stored secret if any, a pairing code) → panel `auth` (ok | pairing | refused) → when
// pairing, panel `paired` (the new secret) or `pair_denied` → then `call`/`cancel` from the server, `progress`/`reply`
// back; server `gone` when a client leaves.

import { z } from 'zod';
import { DELEGATION_TOOL_NAMES, type DelegationToolName } from './tools';

/** Bumped on any change of the frames below; a peer speaking another version is refused in words. */
export const BRIDGE_PROTOCOL_VERSION = 1;
/** The loopback port the server listens on and the panel dials, unless the person sets another in both. */
export const DEFAULT_BRIDGE_PORT = 47_615;
/** Largest frame either side reads (ws `maxPayload`); a tool's arguments are capped far below this by its schema. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** The path the panel dials; anything else gets no upgrade. */
export const BRIDGE_PATH = '/steadyhand';
/** The path another server process joins the hub on (no Origin: a browser always sends one, so no page can). */
export const PEER_PATH = '/steadyhand/peer';

const id = z.string().min(1).max(64);
/** Which client of the connection a frame is about. */
const conn = z.string().min(1).max(64);
const secret = z.string().regex(/^[0-9a-f]{64}$/);
const toolName = z.enum(DELEGATION_TOOL_NAMES as [DelegationToolName, ...DelegationToolName[]]);

export const PanelFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), version: z.number().int() }).strict(),
  z
    .object({
      type: z.literal('auth'),
      conn,
      status: z.enum(['ok', 'pairing', 'refused']),
      clientId: id.optional(),
      reason: z.string().max(500).optional(),
    })
    .strict(),
  z.object({ type: z.literal('paired'), conn, clientId: id, secret }).strict(),
  z.object({ type: z.literal('pair_denied'), conn }).strict(),
  z
    .object({
      type: z.literal('progress'),
      id,
      progress: z.number().finite(),
      message: z.string().max(2_000),
    })
    .strict(),
  z
    .object({
      type: z.literal('reply'),
      id,
      reply: z
        .object({
          text: z.string().max(200_000),
          data: z.record(z.string(), z.unknown()).optional(),
          isError: z.boolean().optional(),
        })
        .strict(),
    })
    .strict(),
]);
export type PanelFrame = z.infer<typeof PanelFrame>;

export const ServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), version: z.number().int() }).strict(),
  z.object({ type: z.literal('refused'), reason: z.string().max(500) }).strict(),
  z
    .object({
      type: z.literal('client'),
      conn,
      name: z.string().min(1).max(200),
      secret: secret.nullable(),
      code: z.string().regex(/^[0-9A-Z]{3}-[0-9A-Z]{3}$/),
    })
    .strict(),
  z.object({ type: z.literal('gone'), conn }).strict(),
  z.object({ type: z.literal('call'), conn, id, tool: toolName, args: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ type: z.literal('cancel'), id }).strict(),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;

export type ParsedFrame<T> = { ok: true; frame: T } | { ok: false; reason: string };

/** Parses one text frame against `schema`: bad JSON and unknown shapes come back as a reason, never a throw. */
export function parseFrame<T>(text: string, schema: z.ZodType<T>): ParsedFrame<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'The frame is not JSON.' };
  }
  const result = schema.safeParse(value);
  if (!result.success)
    return { ok: false, reason: `The frame has an unexpected shape: ${result.error.issues[0]?.message ?? ''}` };
  return { ok: true, frame: result.data };
}

/** A short code both the person (in the panel) and the calling agent (in a tool result) see: six of 36 characters. */
export function pairingCode(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const chars = Array.from(random(6), (byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 3)}-${chars.slice(3)}`;
}
