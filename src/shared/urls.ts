// URL rules used by the panel before it touches a tab. The transient check must run before the restricted check: a tab
// whose navigation is in flight reports an empty URL or about:blank, which is not a dead end (docs/contracts.md, Seed
// 000).

const RESTRICTED_SCHEMES = [
  'chrome:',
  'chrome-untrusted:',
  'chrome-search:',
  'edge:',
  'about:',
  'data:',
  'file:',
  'view-source:',
  'devtools:',
  'javascript:',
];

const WEB_STORE_HOSTS = ['chromewebstore.google.com'];

export function safeParseOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Empty, or about:blank while the tab is still loading: the initial sentinel of a navigation that has not
 * committed yet. Pass `status` when known; without it about:blank counts as transient.
 */
export function isTransientUrl(url: string | undefined, status?: string): boolean {
  if (!url) return true;
  return url === 'about:blank' && status !== 'complete';
}

/**
 * Pages an extension cannot script, or must not. `ownOrigin` (chrome-extension://ID) is allowed: the panel may
 * be opened as a tab. about: stays restricted; callers check `isTransientUrl` first.
 */
export function isRestrictedUrl(url: string, ownOrigin?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (parsed.protocol === 'chrome-extension:') return `${parsed.protocol}//${parsed.host}` !== ownOrigin;
  if (RESTRICTED_SCHEMES.includes(parsed.protocol)) return true;
  if (WEB_STORE_HOSTS.includes(parsed.hostname)) return true;
  if (parsed.hostname === 'chrome.google.com' && parsed.pathname.startsWith('/webstore')) return true;
  return false;
}

/** A restricted page in words a person can act on. */
export function describeRestriction(url: string): string {
  // A data: or blob: URL is content, not an address: only its scheme is named, so nothing of it reaches the model
  // outside the untrusted-content markers (decision 0025).
  const shown = /^(?:data|blob|javascript):/i.test(url)
    ? `a ${url.split(':')[0]?.toLowerCase()}: URL`
    : url.split('?')[0];
  return `Steadyhand cannot work on ${shown}: browser pages and the Web Store are off limits to extensions.`;
}

/**
 * An error message the browser wrote about a page, with the URLs in it left out: a URL is the page's to choose
 * (decision 0025), and the message goes to the model outside the untrusted-content markers.
 */
export function withoutUrls(message: string): string {
  return message.replace(
    /\b(?:https?|wss?|ftp|file|data|blob|javascript|about|chrome|chrome-extension):[^\s"'<>]+/gi,
    '<a URL>',
  );
}

/** The longest URL a person is shown in a question; the origin is always shown whole beside it. */
export const DISPLAY_URL_MAX = 200;

/**
 * A URL as a person reads it in a question about a site: without userinfo, so `http://127.0.0.1:8080@evil.test/`
 * reads as `http://evil.test/` and not like the first host (docs/contracts.md P-TXT), and capped, with a note of the
 * cut.
 */
export function displayUrl(url: string): string {
  let shown = url;
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    shown = parsed.href;
  } catch {
    // Not a URL: shown as it is, capped.
  }
  if (shown.length <= DISPLAY_URL_MAX) return shown;
  return `${shown.slice(0, DISPLAY_URL_MAX)}…(cut: ${(shown.length - DISPLAY_URL_MAX).toLocaleString('en-US')} characters)`;
}
