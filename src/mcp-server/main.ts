// `npx steadyhand-mcp`: the local MCP server other agents start over stdio (decision 0030). It listens for
// Steadyhand's panel on a loopback port and forwards each tool call there. Nothing is written to stdout but MCP:
// every log line goes to stderr.
//
//   steadyhand-mcp --extension-id <id> [--port <n>]
//   (or STEADYHAND_EXTENSION_ID, STEADYHAND_MCP_PORT; Steadyhand's Settings shows the line with its id)

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BUILD_ID } from '../shared/build';
import { parseServerArgs } from './args';
import { ClientLink } from './client-link';
import { ClientSecrets, defaultSecretsFile } from './client-secrets';
import { createMcpServer } from './mcp-tools';

const log = (line: string) => process.stderr.write(`[steadyhand-mcp] ${line}\n`);

const args = parseServerArgs(process.argv.slice(2), process.env);
if (!args.ok) {
  log(args.error);
  process.exit(2);
}
const { port, extensionId } = args.value;
if (!extensionId)
  log("no --extension-id given: every connection is refused. Steadyhand's Settings shows the command with its id.");

// The first server on the port is the hub the panel dials; another agent's server joins it (decision 0030).
const link = new ClientLink({ port, extensionId, secrets: new ClientSecrets(defaultSecretsFile()), log });
try {
  await link.attach();
} catch (error) {
  log(`cannot use 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const server = createMcpServer(link, BUILD_ID);
const transport = new StdioServerTransport();
transport.onclose = () => {
  link.close();
  process.exit(0);
};
process.stdin.on('end', () => {
  link.close();
  process.exit(0);
});
await server.connect(transport);
