// Other agents over MCP in e2e (decision 0030): the built server (`npm run build` makes build/mcp-server/) spawned
// over stdio by the official SDK's own Client and StdioClientTransport, as a coding agent starts it, and the panel's
// "Other agents" settings driven as the person drives them. Each client gets its own config home (its secrets file).

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import { openSettingsSection } from '../../support/settings-form';

export { freePort } from '../../support/free-port';

export const MCP_SERVER = join(import.meta.dirname, '../../../build/mcp-server/steadyhand-mcp.js');

/** A fresh config home for the server (where it keeps the secrets of the clients it paired). */
export function mcpHome(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'steadyhand-mcp-e2e-'));
}

/** Starts `steadyhand-mcp` as a coding agent named `name` does, over stdio; resolves once MCP is initialized. */
export async function startMcpClient(options: {
  name: string;
  port: number;
  extensionId: string;
  home: string;
}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MCP_SERVER, '--port', String(options.port), '--extension-id', options.extensionId],
    env: { ...(process.env as Record<string, string>), STEADYHAND_MCP_HOME: options.home },
    stderr: 'pipe',
  });
  const client = new Client({ name: options.name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** The text of a tool result. */
export function resultText(result: unknown): string {
  const [first] = (result as CallToolResult).content;
  return first?.type === 'text' ? first.text : '';
}

/** Opens Settings, "Other agents", sets the port and turns "Let other agents use Steadyhand" on. */
export async function letOtherAgentsIn(panel: Page, port: number): Promise<void> {
  const form = await openSettingsSection(panel, 'agents');
  await form.getByLabel('Port', { exact: true }).fill(String(port));
  const toggle = form.getByLabel('Let other agents use Steadyhand');
  if (!(await toggle.isChecked())) await toggle.check();
}
