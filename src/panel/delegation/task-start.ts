// How a client's run_task becomes a task (issue 29): the instruction the model reads, and the new background tab it
// starts in. The client's words are not the person's: they allow no site (controller.ts), so its start page is loaded
// before the first step only when the person's allow-list already lets the task there; otherwise the task starts with
// no tab, and its first open_url asks the person in the panel before anything of that site loads.

import { type AgentSettings, SiteAccess } from '../agent';

export interface RunTaskArgs {
  goal: string;
  start_url?: string;
  sites?: string[];
}

export interface ClientStart {
  instruction: string;
  /** The page the new tab opens on; null: none yet, the task opens it. */
  url: string | null;
}

/** Whether the person's lists (the allow-list, under the block-list) let a task load `url` without a question. */
export function listsAllow(url: string, settings: Pick<AgentSettings, 'allowedSites' | 'blockedSites'>): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  if (!/^https?:/.test(origin)) return false;
  const rules = new SiteAccess({
    allowedSites: settings.allowedSites,
    blockedSites: settings.blockedSites,
    prompt: () => Promise.resolve('deny'),
    persist: () => {},
  });
  return rules.verdict(origin, 'read').kind === 'allowed';
}

export function clientStart(args: RunTaskArgs, settings: AgentSettings): ClientStart {
  const lines = [args.goal.trim()];
  const url = args.start_url && listsAllow(args.start_url, settings) ? args.start_url : null;
  if (args.start_url && url === null) lines.push('', `Start by opening ${args.start_url} with open_url.`);
  if (args.sites && args.sites.length > 0) {
    // Named for the model only: each one the person has not allowed is asked in the panel when the task needs it.
    lines.push('', `The task needs these sites: ${args.sites.join(', ')}.`);
  }
  return { instruction: lines.join('\n'), url };
}
