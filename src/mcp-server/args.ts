// The server's command line and environment: the port (as set in Steadyhand's Settings) and our extension id, the one
// Origin the server takes (decision 0030: an explicit id, not trust on first use, so another extension cannot pair).

import { DEFAULT_BRIDGE_PORT } from '../shared/delegation/bridge-protocol';
import { EXTENSION_ID } from './upgrade-checks';

export interface ServerArgs {
  port: number;
  extensionId: string | null;
}

export function parseServerArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): { ok: true; value: ServerArgs } | { ok: false; error: string } {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] = arg.split('=', 2);
    if (name !== '--port' && name !== '--extension-id') return { ok: false, error: `unknown argument ${arg}` };
    const value = inline ?? argv[++i];
    if (value === undefined) return { ok: false, error: `${name} needs a value` };
    flags.set(name, value);
  }
  const portText = flags.get('--port') ?? env.STEADYHAND_MCP_PORT ?? String(DEFAULT_BRIDGE_PORT);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1024 || port > 65_535)
    return { ok: false, error: `the port must be a whole number from 1024 to 65535, not ${portText}` };
  const id = flags.get('--extension-id') ?? env.STEADYHAND_EXTENSION_ID ?? null;
  if (id !== null && !EXTENSION_ID.test(id))
    return { ok: false, error: `the extension id is 32 letters a to p (chrome://extensions shows it), not ${id}` };
  return { ok: true, value: { port, extensionId: id } };
}
