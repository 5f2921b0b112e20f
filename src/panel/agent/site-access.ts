// Which sites the agent may work on (decision 0010). The task's first operable origin is allowed; any other origin
// is allowed by the person (asked once per task, or "always", which adds it to the allow-list in settings), by the
// allow-list, or by being written in the person's own instructions. The block-list beats everything, and a denial
// holds for the rest of the task. Pure: no chrome.*; the question and the settings write are injected.

/** The person's answer to a permission question, or how a rule decided it. */
export type SiteDecision = 'once' | 'always' | 'deny';

/** Why the agent needs the origin, shown to the person with the question. */
export type SiteReason =
  /** open_url is about to load `url` (in a new tab with `newTab`). */
  | { kind: 'open_url'; url: string; newTab: boolean }
  /** The agent's tab is on `url` now: a click, redirect, form, popup or tab switch took it there. */
  | { kind: 'tab'; url: string }
  /** upload_file would fetch the download `name` again from `url`, with the person's cookies for its site. */
  | { kind: 'download'; url: string; name: string };

/** Who settled an origin for this task. */
export type DecidedBy = 'person' | 'block_list' | 'allow_list' | 'instruction';

export interface SiteDecisionRecord {
  origin: string;
  decision: SiteDecision;
  by: DecidedBy;
}

export type SiteVerdict =
  | { kind: 'allowed'; by: 'initial' | 'granted' | 'allow_list' | 'instruction' }
  | { kind: 'denied'; by: 'block_list' | 'earlier' }
  | { kind: 'ask' };

export interface SiteAccessOptions {
  allowedSites: readonly string[];
  blockedSites: readonly string[];
  /** Shows the question; resolves with the person's answer, rejects when `signal` aborts (Stop). */
  prompt(origin: string, why: SiteReason, signal: AbortSignal): Promise<SiteDecision>;
  /** Persists an "always" grant: adds the origin to the allow-list in settings. */
  persist(origin: string): void;
  /** Told each decision this task did not know yet (the trace and the task record keep them). */
  onDecision?(record: SiteDecisionRecord): void;
}

/** An entry of the allow- or block-list, parsed. */
export type SiteRule =
  | { kind: 'origin'; origin: string }
  /** Any scheme; any port unless one is given. */
  | { kind: 'host'; host: string; port?: string }
  /** `*.example.com`: example.com and every subdomain of it. */
  | { kind: 'wildcard'; domain: string };

const LABELS = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/** A hostname as URL normalises it (lowercase, punycode), or null when it is not one. */
function hostname(raw: string): string | null {
  try {
    const url = new URL(`http://${raw}`);
    const host = url.hostname;
    if (url.port || url.pathname !== '/' || url.username || url.search || url.hash) return null;
    return LABELS.test(host) || IPV6.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** Parses one list entry: an origin, a host (optionally with a port) or a wildcard host; null when it is none. */
export function parseSiteRule(raw: string): SiteRule | null {
  const text = raw.trim().toLowerCase().replace(/\/+$/, '');
  if (text === '' || /\s/.test(text)) return null;
  if (text.includes('://')) {
    try {
      const url = new URL(text);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !hostname(url.hostname)) return null;
      return { kind: 'origin', origin: url.origin };
    } catch {
      return null;
    }
  }
  if (text.startsWith('*.')) {
    const domain = hostname(text.slice(2));
    // `*.com` would let the agent loose on a whole top-level domain: not a site.
    return domain?.includes('.') || domain === 'localhost' ? { kind: 'wildcard', domain } : null;
  }
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(text);
  const host = match?.[1] ? hostname(match[1]) : null;
  if (!match || !host) return null;
  const port = match[2];
  if (port === undefined) return { kind: 'host', host };
  return Number(port) > 0 && Number(port) <= 65_535 ? { kind: 'host', host, port: String(Number(port)) } : null;
}

export function formatSiteRule(rule: SiteRule): string {
  if (rule.kind === 'origin') return rule.origin;
  if (rule.kind === 'wildcard') return `*.${rule.domain}`;
  return rule.port ? `${rule.host}:${rule.port}` : rule.host;
}

/** One entry normalised (`Shop.Example/` → `shop.example`), or null when it is not a site. */
export function normalizeSiteEntry(raw: string): string | null {
  const rule = parseSiteRule(raw);
  return rule ? formatSiteRule(rule) : null;
}

/** A stored list: valid entries normalised, in order, without repeats; anything else dropped. */
export function normalizeSiteList(list: readonly unknown[]): string[] {
  const entries = list.flatMap((item) => (typeof item === 'string' ? (normalizeSiteEntry(item) ?? []) : []));
  return [...new Set(entries)];
}

const effectivePort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

export function ruleMatches(rule: SiteRule, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (rule.kind === 'origin') return url.origin === rule.origin;
  if (rule.kind === 'wildcard') return url.hostname === rule.domain || url.hostname.endsWith(`.${rule.domain}`);
  return url.hostname === rule.host && (rule.port === undefined || effectivePort(url) === rule.port);
}

/** Looks like a file name, not a site, when written in a sentence ("report.pdf"). */
const FILE_ENDINGS = new Set(['js', 'ts', 'json', 'txt', 'html', 'htm', 'css', 'pdf', 'png', 'jpg', 'jpeg', 'gif']);
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`)\]}]+/gi;
const HOST_IN_TEXT =
  /(?<![\w@.\-/])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?(?![\w-]|\.[a-z0-9])/gi;

/**
 * The sites a person's text names, as host rules: URLs and bare hosts ("example.com", "localhost:8080"). A host
 * written with or without `www.` names both, since people write the one and mean the other.
 */
export function sitesInText(text: string): SiteRule[] {
  const rules: SiteRule[] = [];
  const add = (host: string, port: string | undefined) => {
    const bare = host.startsWith('www.') ? host.slice(4) : host;
    for (const name of bare === host ? [host, `www.${host}`] : [host, bare]) {
      const rule = parseSiteRule(port ? `${name}:${port}` : name);
      if (rule) rules.push(rule);
    }
  };
  for (const [found] of text.matchAll(URL_IN_TEXT)) {
    try {
      const url = new URL(found.replace(/[.,;:!?]+$/, ''));
      add(url.hostname, url.port || undefined);
    } catch {
      // Not a URL after all; the host pattern below may still find the host in it.
    }
  }
  for (const match of text.matchAll(HOST_IN_TEXT)) {
    const host = (match[1] ?? '').toLowerCase();
    const ending = host.split('.').at(-1) ?? '';
    if (!FILE_ENDINGS.has(ending)) add(host, match[2]);
  }
  return rules;
}

const parseList = (list: readonly string[]) => list.flatMap((entry) => parseSiteRule(entry) ?? []);

/** The site permissions of one task (its first instruction and its follow-ups). */
export class SiteAccess {
  #allowed: SiteRule[];
  #blocked: SiteRule[];
  #written: SiteRule[] = [];
  #initial: string | null = null;
  readonly #granted = new Set<string>();
  readonly #denied = new Set<string>();
  readonly #options: SiteAccessOptions;

  constructor(options: SiteAccessOptions) {
    this.#options = options;
    this.#allowed = parseList(options.allowedSites);
    this.#blocked = parseList(options.blockedSites);
  }

  /** The task's first operable origin, once there is one. */
  get initialOrigin(): string | null {
    return this.#initial;
  }

  /** The lists as settings have them now (read at the start of each run, so an edit applies to the next one). */
  useLists(allowedSites: readonly string[], blockedSites: readonly string[]): void {
    this.#allowed = parseList(allowedSites);
    this.#blocked = parseList(blockedSites);
  }

  /** The task, or a follow-up: the sites it names are allowed. */
  addInstruction(text: string): void {
    this.#written.push(...sitesInText(text));
  }

  /** What the rules say about `origin`, without asking or remembering anything. */
  verdict(origin: string): SiteVerdict {
    if (this.#blocked.some((rule) => ruleMatches(rule, origin))) return { kind: 'denied', by: 'block_list' };
    if (this.#initial === null || this.#initial === origin) return { kind: 'allowed', by: 'initial' };
    if (this.#granted.has(origin)) return { kind: 'allowed', by: 'granted' };
    if (this.#allowed.some((rule) => ruleMatches(rule, origin))) return { kind: 'allowed', by: 'allow_list' };
    if (this.#written.some((rule) => ruleMatches(rule, origin))) return { kind: 'allowed', by: 'instruction' };
    if (this.#denied.has(origin)) return { kind: 'denied', by: 'earlier' };
    return { kind: 'ask' };
  }

  /**
   * Whether the agent may work on `origin`: by the rules, or by asking the person when none decides. The first
   * origin a task reaches becomes its initial origin. Rejects only when `signal` aborts while the question is open.
   */
  async ask(origin: string, why: SiteReason, signal: AbortSignal): Promise<SiteDecision> {
    const verdict = this.verdict(origin);
    if (verdict.kind === 'denied') {
      if (!this.#denied.has(origin)) this.#decide(origin, 'deny', 'block_list');
      return 'deny';
    }
    if (verdict.kind === 'allowed') {
      if (verdict.by === 'initial') this.#initial ??= origin;
      else if (verdict.by === 'allow_list' || verdict.by === 'instruction') {
        // Recorded the first time only: the rule keeps allowing it without a word.
        if (!this.#granted.has(origin)) this.#decide(origin, 'once', verdict.by);
      }
      return verdict.by === 'allow_list' ? 'always' : 'once';
    }
    const answer = await this.#options.prompt(origin, why, signal);
    if (answer === 'always') {
      this.#allowed.push({ kind: 'origin', origin });
      this.#options.persist(origin);
    }
    this.#decide(origin, answer, 'person');
    return answer;
  }

  /** Why the agent may not work on `origin`, for the model: a clause ("the person did not allow …"). */
  describeDenial(origin: string): string {
    return this.#blocked.some((rule) => ruleMatches(rule, origin))
      ? `${origin} is on the person's block list`
      : `the person did not allow ${origin} for this task`;
  }

  #decide(origin: string, decision: SiteDecision, by: DecidedBy): void {
    if (decision === 'deny') this.#denied.add(origin);
    else this.#granted.add(origin);
    this.#options.onDecision?.({ origin, decision, by });
  }
}
