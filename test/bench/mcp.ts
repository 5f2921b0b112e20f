// MCP round trip (issue 29): a page-level session's `page_snapshot` and `page_action` click, called by a real MCP
// client (the official SDK's Client over stdio, the built `steadyhand-mcp`, the loopback link, the panel's link
// session) against the same two calls made by the panel itself on the delegation service the link hands them to
// (`steadyhand.delegation.handle`, timed inside the panel). Both sessions drive the same kind of page, in rounds
// interleaved so a slow moment of the machine hits both alike. Goal: through MCP ≤ 1.5× from the panel.
//   snapshot / click   median and p90 ms per call, each way; ratio = MCP median / panel median
//   ratio              both calls together

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { freePort, letOtherAgentsIn, mcpHome, resultText, startMcpClient } from '../e2e/kit/mcp';
import type { PanelGlobal } from '../support/panel';
import type { BenchContext } from './context';
import { median, percentile, round } from './stats';

const ROUNDS = 15;
const PAGE = '/page/pc-menu.html';

interface Reply {
  text: string;
  data: Record<string, unknown>;
}

/** The ref the reply's page gives the menu button. */
function menuRef(reply: Reply): number {
  const match = /\[(\d+)\] button "Actions"/.exec(reply.text);
  if (!match) throw new Error(`No Actions button in: ${reply.text.slice(0, 400)}`);
  return Number(match[1]);
}

async function viaMcp(client: Client, tool: string, args: Record<string, unknown>): Promise<[number, Reply]> {
  const t0 = performance.now();
  const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  const ms = performance.now() - t0;
  if (result.isError) throw new Error(`${tool} failed over MCP: ${resultText(result)}`);
  return [ms, { text: resultText(result), data: result.structuredContent ?? {} }];
}

/** One call on the panel's own delegation service, timed in the panel (no Playwright round trip counted). */
async function inPanel(ctx: BenchContext, tool: string, args: Record<string, unknown>): Promise<[number, Reply]> {
  return ctx.harness.panel.evaluate(
    async ({ tool, args }) => {
      const t0 = performance.now();
      const reply = await (globalThis as PanelGlobal).steadyhand.delegation.handle(
        { client: { id: 'bench-panel', name: 'Bench' }, tool: tool as never, args },
        // Not an arrow: tsx names arrow properties with a helper the page does not have.
        { signal: new AbortController().signal, progress: Function.prototype as () => void },
      );
      const ms = performance.now() - t0;
      if (reply.isError) throw new Error(`${tool} failed in the panel: ${reply.text}`);
      return [ms, { text: reply.text, data: reply.data ?? {} }] as [
        number,
        { text: string; data: Record<string, unknown> },
      ];
    },
    { tool, args },
  );
}

function figures(mcp: number[], panel: number[]) {
  return {
    mcpMedianMs: round(median(mcp)),
    mcpP90Ms: round(percentile(mcp, 90)),
    panelMedianMs: round(median(panel)),
    panelP90Ms: round(percentile(panel, 90)),
    ratio: round(median(mcp) / median(panel), 2),
  };
}

export async function benchMcp(ctx: BenchContext) {
  const { harness, site } = ctx;
  const { panel } = harness;
  const origin = new URL(site.url('/')).origin;
  await panel.evaluate(
    (allowed) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ allowedSites: [allowed] }),
    origin,
  );

  const port = await freePort();
  const client = await startMcpClient({
    name: 'Bench agent',
    port,
    extensionId: harness.extensionId,
    home: await mcpHome(),
  });
  try {
    await letOtherAgentsIn(panel, port);
    const request = panel.getByTestId('pairing-request');
    await request.waitFor({ timeout: 15_000 });
    await request.getByRole('button', { name: 'Accept' }).click();
    // Paired once the link answers a harmless call.
    for (let tries = 0; ; tries += 1) {
      const listed = (await client.callTool({ name: 'list_tasks', arguments: {} })) as CallToolResult;
      if (!listed.isError) break;
      if (tries > 50) throw new Error(`The link never answered: ${resultText(listed)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.ui.getState().show('task'));

    const [, mcpOpen] = await viaMcp(client, 'open_session', { start_url: site.url(`${PAGE}?mcp`) });
    const [, panelOpen] = await inPanel(ctx, 'open_session', { start_url: site.url(`${PAGE}?panel`) });
    const mcpSession = String(mcpOpen.data.session_id);
    const panelSession = String(panelOpen.data.session_id);
    ctx.log(`mcp: ${ROUNDS} rounds of snapshot + click, through MCP and from the panel`);

    const snapshot = { mcp: [] as number[], panel: [] as number[] };
    const click = { mcp: [] as number[], panel: [] as number[] };
    for (let i = 0; i < ROUNDS; i += 1) {
      const [mcpSnapMs, mcpSnap] = await viaMcp(client, 'page_snapshot', { session_id: mcpSession });
      const [mcpClickMs] = await viaMcp(client, 'page_action', {
        session_id: mcpSession,
        action: 'click',
        input: { ref: menuRef(mcpSnap) },
      });
      const [panelSnapMs, panelSnap] = await inPanel(ctx, 'page_snapshot', { session_id: panelSession });
      const [panelClickMs] = await inPanel(ctx, 'page_action', {
        session_id: panelSession,
        action: 'click',
        input: { ref: menuRef(panelSnap) },
      });
      // The first round warms both paths up (the worker awake, the scripts compiled).
      if (i === 0) continue;
      snapshot.mcp.push(mcpSnapMs);
      snapshot.panel.push(panelSnapMs);
      click.mcp.push(mcpClickMs);
      click.panel.push(panelClickMs);
    }
    await viaMcp(client, 'close_session', { session_id: mcpSession });
    await inPanel(ctx, 'close_session', { session_id: panelSession });
    const both = (side: 'mcp' | 'panel') => snapshot[side].map((ms, i) => ms + (click[side][i] ?? 0));
    return {
      rounds: ROUNDS - 1,
      snapshot: figures(snapshot.mcp, snapshot.panel),
      click: figures(click.mcp, click.panel),
      ratio: round(median(both('mcp')) / median(both('panel')), 2),
    };
  } finally {
    await client.close();
    await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.host.stopAll());
  }
}
