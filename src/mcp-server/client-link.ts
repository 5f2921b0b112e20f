// This process's MCP client's way to the panel, whichever role the process has (decision 0030): the hub, when it took
// the port first (ExtensionLink, its client one slot among the joined ones), or a process joined to the hub
// (PeerLink). When the hub goes, a joined process elects again: it takes the port, or joins whoever took it.

import type { DelegationProgress, DelegationReply, DelegationToolName } from '../shared/delegation/tools';
import type { ClientSecrets } from './client-secrets';
import { ExtensionLink } from './extension-link';
import { PeerLink } from './peer-link';

type Io = { signal: AbortSignal; progress(step: DelegationProgress): void };

type Role = { kind: 'hub'; link: ExtensionLink; conn: string | null } | { kind: 'peer'; link: PeerLink };

export class ClientLink {
  private role: Role | null = null;
  private name: string | null = null;
  private closed = false;

  constructor(
    private readonly options: {
      port: number;
      extensionId: string | null;
      secrets: ClientSecrets;
      log(line: string): void;
    },
  ) {}

  /** Takes the port (the hub), or joins the process that holds it; tries again a few times if both race. */
  async attach(): Promise<void> {
    for (let attempt = 0; attempt < 5 && !this.closed; attempt++) {
      const hub = new ExtensionLink(this.options);
      try {
        await hub.listen();
        this.role = { kind: 'hub', link: hub, conn: this.name === null ? null : hub.join(this.name) };
        this.options.log(`listening on 127.0.0.1:${this.options.port} for Steadyhand`);
        return;
      } catch (error) {
        hub.close();
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      }
      const peer = new PeerLink(this.options.port, () => void this.reattach());
      try {
        await peer.ready;
        if (this.name !== null) peer.join(this.name);
        this.role = { kind: 'peer', link: peer };
        this.options.log(`joined the Steadyhand MCP server on 127.0.0.1:${this.options.port}`);
        return;
      } catch {
        // The holder went between our two tries: elect again, after a random pause so racers spread out.
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
    throw new Error(`127.0.0.1:${this.options.port} is taken by something that is not a Steadyhand MCP server`);
  }

  join(name: string): void {
    this.name = name;
    if (this.role?.kind === 'hub') this.role.conn = this.role.link.join(name);
    else this.role?.link.join(name);
  }

  call(tool: DelegationToolName, args: Record<string, unknown>, io: Io): Promise<DelegationReply> {
    const role = this.role;
    if (role?.kind === 'peer') return role.link.call(tool, args, io);
    if (role?.kind === 'hub' && role.conn !== null) return role.link.call(role.conn, tool, args, io);
    return Promise.resolve({ text: 'Steadyhand is not connected yet; call again.', isError: true });
  }

  close(): void {
    this.closed = true;
    this.role?.link.close();
  }

  private async reattach(): Promise<void> {
    if (this.closed) return;
    this.role = null;
    this.options.log('the Steadyhand MCP server this one joined went away: electing again');
    await this.attach().catch((error: unknown) => this.options.log(String(error)));
  }
}
