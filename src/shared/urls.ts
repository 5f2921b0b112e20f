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
  return `Steadyhand cannot work on ${url.split('?')[0]}: browser pages and the Web Store are off limits to extensions.`;
}
