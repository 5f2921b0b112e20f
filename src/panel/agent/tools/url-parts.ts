// Why open_url cannot open what the model wrote, naming the part that is wrong (docs/contracts.md P-TXT): "only http(s)
// web pages can be operated" for `http://example.com:99999/` sends a model looking for another scheme, when the port
// is what to fix. Every quoted part is capped (echo.ts).

import { capEcho } from '../core/echo';

const quote = (part: string) => `"${capEcho(part, 100)}"`;

/** The part of an http(s) URL the URL parser refused, in words; null when no single part can be named. */
function badPart(scheme: string, rest: string): string | null {
  const authority = rest.replace(/^\/\//, '').split(/[/?#]/, 1)[0] ?? '';
  // Userinfo (`user:pass@`) is not the host: what follows the last @ is.
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const portMatch = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(hostPort);
  const host = portMatch?.[1] ?? hostPort;
  const port = portMatch?.[2];
  if (host === '') return `it has no host: write it as ${scheme}//example.com/…`;
  if (port !== undefined && port !== '' && !(/^\d+$/.test(port) && Number(port) <= 65_535)) {
    return `the port ${quote(port)} is not valid: a port is a number from 0 to 65535`;
  }
  if (!/^(\[[0-9a-f:.]+\]|[^\s%<>^`{|}\\[\]]+)$/i.test(host)) {
    return `the host ${quote(host)} is not a valid host name (letters, digits, dots and hyphens, no spaces)`;
  }
  return null;
}

/** Why `raw` (as the model wrote it, with https:// added to a bare host) is not a URL open_url can load. */
export function describeBadUrl(raw: string, withScheme: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:)(.*)$/is.exec(withScheme);
  if (!scheme?.[1]) return `${quote(raw)} is not a URL`;
  const name = scheme[1].toLowerCase();
  if (name !== 'http:' && name !== 'https:') {
    return `the scheme ${quote(name)} cannot be opened: only http:// and https:// web pages can`;
  }
  return badPart(name, scheme[2] ?? '') ?? `${quote(raw)} is not a valid URL`;
}
