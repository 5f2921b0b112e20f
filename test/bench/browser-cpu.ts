// What the browser's processes spent on the CPU, from CDP's SystemInfo.getProcessInfo (the browser target only;
// https://chromedevtools.github.io/devtools-protocol/tot/SystemInfo/#method-getProcessInfo), so a bench round can say
// whether it was bound by the machine's cores rather than by waiting. Renderers include the extension's process
// (the panel and the service worker) and every tab's.

import { cpus } from 'node:os';
import type { Browser, CDPSession } from 'playwright-core';
import { round } from './stats';

interface ProcessInfo {
  type: string;
  id: number;
  /** Seconds of CPU since the process started. */
  cpuTime: number;
}

export interface CpuFigures {
  /** CPU milliseconds the browser's processes spent per agent step over the round, by process type and in all. */
  cpuMsPerStep: Record<string, number>;
  /** The browser's CPU time over the round's wall time and the machine's cores: near 1, the cores were the limit. */
  coreShare: number;
}

export class BrowserCpu {
  private constructor(private readonly cdp: CDPSession) {}

  static async open(browser: Browser): Promise<BrowserCpu> {
    return new BrowserCpu(await browser.newBrowserCDPSession());
  }

  /** Seconds of CPU by process id (with its type) now. */
  async read(): Promise<Map<number, ProcessInfo>> {
    const { processInfo } = (await this.cdp.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] };
    return new Map(processInfo.map((info) => [info.id, info]));
  }

  /** The CPU spent between `before` and now (processes that ended meanwhile are not counted), per step. */
  async since(before: Map<number, ProcessInfo>, steps: number, wallSeconds: number): Promise<CpuFigures> {
    const after = await this.read();
    const byType: Record<string, number> = {};
    let total = 0;
    for (const [id, info] of after) {
      const spent = info.cpuTime - (before.get(id)?.cpuTime ?? 0);
      byType[info.type] = (byType[info.type] ?? 0) + spent;
      total += spent;
    }
    const perStep = (seconds: number) => round((seconds * 1000) / Math.max(steps, 1), 1);
    const cpuMsPerStep: Record<string, number> = { all: perStep(total) };
    for (const [type, seconds] of Object.entries(byType)) cpuMsPerStep[type] = perStep(seconds);
    return { cpuMsPerStep, coreShare: round(total / Math.max(wallSeconds, 0.001) / cpus().length, 2) };
  }
}
