// The sites a person names in an instruction (decision 0025): what they wrote as a site, not every word with a dot. A
// file name ("report.zip", "notes.md") or an e-mail address is not a site, and a named site is matched on scheme and
// port: `https://shop.example:8443` is that origin alone, `shop.example` is its default ports (https 443 and http 80),
// and `localhost:8080` is that port on http and https.

import { FILE_EXTENSIONS } from './file-extensions';

/** One origin a person named: a site rule of the `origin` kind (site-access.ts §SiteRule). */
export interface NamedSite {
  kind: 'origin';
  origin: string;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`)\]}]+/gi;
/**
 * A bare host with an optional port. Not inside a word, a path or an e-mail address (`@`): a Latin letter, digit, `_`,
 * `@`, `.`, `-` or `/` before it rules it out. Other scripts may touch it, since Chinese text has no spaces between
 * words ("在example.cn上").
 */
const HOST_IN_TEXT =
  /(?<![\p{Script=Latin}\p{Nd}_@.\-/\\])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?(?![\p{Script=Latin}\p{Nd}_-]|\.[a-z0-9])/giu;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The origin of `scheme://host[:port]`, normalised by URL (lowercase, punycode, default port dropped), or null. */
function originOf(scheme: 'http' | 'https', host: string, port: string | undefined): string | null {
  try {
    const origin = new URL(`${scheme}://${host}${port ? `:${port}` : ''}`).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a bare host was written as a site: with a port, a path after it, `www.`, as localhost or an IP address, or
 * under a last label that is no file ending. "report.zip" is a file; "report.zip/q1", "www.report.zip" and
 * "https://report.zip" are sites.
 */
function writtenAsSite(host: string, port: string | undefined, next: string): boolean {
  if (port !== undefined || next === '/' || host.startsWith('www.')) return true;
  if (host === 'localhost' || IPV4.test(host)) return true;
  return !FILE_EXTENSIONS.has(host.split('.').at(-1) ?? '');
}

/**
 * The sites a person's text names, as origin rules. A URL with a scheme names its origin exactly. A bare host names
 * it on http and https, on the port written or else the default ones; written with or without `www.`, it names both,
 * since people write the one and mean the other.
 */
export function sitesInText(text: string): NamedSite[] {
  const origins: string[] = [];
  const urls: [number, number][] = [];
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index ?? 0;
    urls.push([start, start + match[0].length]);
    try {
      const url = new URL(match[0].replace(/[.,;:!?]+$/, ''));
      if (url.origin !== 'null') origins.push(url.origin);
    } catch {
      // Not a URL after all: nothing in it is taken for a site.
    }
  }
  for (const match of text.matchAll(HOST_IN_TEXT)) {
    const at = match.index ?? 0;
    // A host inside a URL's path or query ("?file=report.com") is not one the person named.
    if (urls.some(([from, to]) => at >= from && at < to)) continue;
    const host = (match[1] ?? '').toLowerCase();
    const port = match[2];
    if (!writtenAsSite(host, port, text.charAt(at + match[0].length))) continue;
    const bare = host.startsWith('www.') ? host.slice(4) : host;
    const single = host === 'localhost' || IPV4.test(host);
    const named = single ? [host] : bare === host ? [host, `www.${host}`] : [host, bare];
    for (const name of named) {
      for (const scheme of ['https', 'http'] as const) {
        const origin = originOf(scheme, name, port);
        if (origin) origins.push(origin);
      }
    }
  }
  return [...new Set(origins)].map((origin) => ({ kind: 'origin', origin }) as const);
}
