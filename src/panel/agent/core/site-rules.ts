// The allow- and block-list entries of the settings, as a person writes them: an origin (`https://shop.example`), a
// host with or without a port (`shop.example`, `localhost:8080`) or a wildcard host (`*.example.com`). Parsed,
// normalised for storage, and matched against an origin.

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
