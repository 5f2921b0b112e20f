// Where the server keeps each paired client's secret: one file under the person's config directory, readable by the
// person only (0600, its folder 0700), written by the server itself. Not the client's MCP config: a project's
// `.mcp.json` is often committed and shared, and every client would hold the token in plaintext (the weakness of
// Playwright's PLAYWRIGHT_MCP_EXTENSION_TOKEN, packages/playwright-core/src/tools/mcp/cdpRelay.ts). The extension keeps
// only a hash of it, and revoking in the panel makes the secret worthless wherever it is (decision 0030).

import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface StoredClient {
  readonly clientId: string;
  readonly secret: string;
}

/** `$STEADYHAND_MCP_HOME`, else `$XDG_CONFIG_HOME/steadyhand`, else `~/.config/steadyhand` (APPDATA on Windows). */
export function defaultSecretsFile(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.STEADYHAND_MCP_HOME ??
    join(
      env.XDG_CONFIG_HOME ?? (process.platform === 'win32' && env.APPDATA ? env.APPDATA : join(homedir(), '.config')),
      'steadyhand',
    );
  return join(base, 'mcp-clients.json');
}

export class ClientSecrets {
  /** Writes one after another: a hub pairs several clients at once, and each write rewrites the whole file. */
  private queue: Promise<void> = Promise.resolve();
  private writes = 0;

  constructor(private readonly file: string) {}

  private async readAll(): Promise<Record<string, StoredClient>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      const clients = (parsed as { clients?: unknown }).clients;
      return typeof clients === 'object' && clients !== null ? (clients as Record<string, StoredClient>) : {};
    } catch {
      return {}; // none yet, or unreadable: the client pairs again
    }
  }

  async get(name: string): Promise<StoredClient | null> {
    const found = (await this.readAll())[name];
    return found && typeof found.secret === 'string' && typeof found.clientId === 'string' ? found : null;
  }

  set(name: string, client: StoredClient | null): Promise<void> {
    const write = this.queue.then(() => this.write(name, client));
    this.queue = write.catch(() => {});
    return write;
  }

  private async write(name: string, client: StoredClient | null): Promise<void> {
    const clients = await this.readAll();
    if (client) clients[name] = client;
    else delete clients[name];
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    // Written aside then renamed, so a crash never leaves half a file; created 0600 and chmod'ed in case it existed.
    const aside = `${this.file}.${process.pid}.${this.writes++}.tmp`;
    await writeFile(aside, `${JSON.stringify({ version: 1, clients }, null, 2)}\n`, { mode: 0o600 });
    await chmod(aside, 0o600);
    await rename(aside, this.file);
  }
}
