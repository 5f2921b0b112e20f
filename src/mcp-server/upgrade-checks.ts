// Who may open the extension link: checked on the HTTP upgrade, before a WebSocket exists (decision 0030). A web page
// can open a WebSocket to any loopback port, and DNS rebinding lets a page on evil.test reach 127.0.0.1 under its own
// host name, so the server accepts only loopback Host names with its own port, and only the Origin of our extension.
// The same two checks as Playwright's relay (microsoft/playwright packages/utils/wsServer.ts: isAllowedHost and
// _isAllowedOrigin), stricter on Origin: Playwright lets any extension origin through, we take one extension id.
// MCP's security best practices ask the same of local servers:
// https://modelcontextprotocol.io/specification/2025-06-18/basic/security_best_practices

/** Chrome extension ids: 32 letters a to p (https://developer.chrome.com/docs/extensions/reference/manifest/key). */
export const EXTENSION_ID = /^[a-p]{32}$/;

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The Host header names this server by a loopback name and its own port, nothing else (DNS rebinding). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** The Origin is exactly our extension's: a web page, another extension and a missing Origin are all refused. */
export function isAllowedOrigin(origin: string | undefined, extensionId: string | null): boolean {
  if (!origin || !extensionId) return false;
  return origin === `chrome-extension://${extensionId}`;
}

export type UpgradeVerdict = { ok: true } | { ok: false; status: number; reason: string };

/** The whole upgrade check: path, Host, then Origin, with the HTTP status a refusal answers. */
export function checkUpgrade(
  request: { url?: string; headers: { host?: string; origin?: string } },
  expected: { port: number; path: string; extensionId: string | null },
): UpgradeVerdict {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (path !== expected.path) return { ok: false, status: 404, reason: 'unknown path' };
  if (!isAllowedHost(request.headers.host, expected.port))
    return { ok: false, status: 403, reason: 'Host not allowed' };
  if (!isAllowedOrigin(request.headers.origin, expected.extensionId))
    return { ok: false, status: 403, reason: 'Origin not allowed' };
  return { ok: true };
}

/**
 * Another server process joining the hub: its path, a loopback Host, and no Origin at all. Browsers send an Origin
 * with every WebSocket handshake (https://www.rfc-editor.org/rfc/rfc6455#section-4.1, item 8), so no page and no
 * extension can join; a local process can, and is no stranger here (see decision 0030, threat model): its client is
 * still paired by the person.
 */
export function checkPeerUpgrade(
  request: { url?: string; headers: { host?: string; origin?: string } },
  expected: { port: number; path: string },
): UpgradeVerdict {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (path !== expected.path) return { ok: false, status: 404, reason: 'unknown path' };
  if (!isAllowedHost(request.headers.host, expected.port))
    return { ok: false, status: 403, reason: 'Host not allowed' };
  if (request.headers.origin !== undefined) return { ok: false, status: 403, reason: 'Origin not allowed' };
  return { ok: true };
}
