import { describe, expect, it } from 'vitest';
import { parseServerArgs } from '../../../src/mcp-server/args';
import { checkUpgrade, isAllowedHost, isAllowedOrigin } from '../../../src/mcp-server/upgrade-checks';
import { DEFAULT_BRIDGE_PORT } from '../../../src/shared/delegation/bridge-protocol';

const OURS = 'abcdefghijklmnopabcdefghijklmnop';
const OTHER = 'ponmlkjihgfedcbaponmlkjihgfedcba';

describe('the upgrade checks of the extension link', () => {
  it('takes loopback Host names with its own port only (DNS rebinding, another port)', () => {
    expect(isAllowedHost('127.0.0.1:47615', 47615)).toBe(true);
    expect(isAllowedHost('localhost:47615', 47615)).toBe(true);
    expect(isAllowedHost('[::1]:47615', 47615)).toBe(true);
    expect(isAllowedHost('evil.test:47615', 47615)).toBe(false);
    expect(isAllowedHost('127.0.0.1:8080', 47615)).toBe(false);
    expect(isAllowedHost('127.0.0.1', 47615)).toBe(false);
    expect(isAllowedHost(undefined, 47615)).toBe(false);
  });

  it('takes exactly our extension’s Origin: not a web page, not another extension, not none', () => {
    expect(isAllowedOrigin(`chrome-extension://${OURS}`, OURS)).toBe(true);
    expect(isAllowedOrigin(`chrome-extension://${OTHER}`, OURS)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:47615', OURS)).toBe(false);
    expect(isAllowedOrigin('null', OURS)).toBe(false);
    expect(isAllowedOrigin(undefined, OURS)).toBe(false);
    expect(isAllowedOrigin(`chrome-extension://${OURS}`, null)).toBe(false);
  });

  it('answers 404 off its path and 403 for a bad Host or Origin', () => {
    const expected = { port: 47615, path: '/steadyhand', extensionId: OURS };
    const headers = { host: '127.0.0.1:47615', origin: `chrome-extension://${OURS}` };
    expect(checkUpgrade({ url: '/steadyhand', headers }, expected)).toEqual({ ok: true });
    expect(checkUpgrade({ url: '/other', headers }, expected)).toMatchObject({ ok: false, status: 404 });
    expect(
      checkUpgrade({ url: '/steadyhand', headers: { ...headers, host: 'evil.test:47615' } }, expected),
    ).toMatchObject({ ok: false, status: 403, reason: 'Host not allowed' });
    expect(
      checkUpgrade({ url: '/steadyhand', headers: { ...headers, origin: `chrome-extension://${OTHER}` } }, expected),
    ).toMatchObject({ ok: false, status: 403, reason: 'Origin not allowed' });
  });
});

describe('the server’s command line', () => {
  it('takes the port and our extension id from flags or the environment, and refuses anything else in words', () => {
    expect(parseServerArgs([], {})).toEqual({ ok: true, value: { port: DEFAULT_BRIDGE_PORT, extensionId: null } });
    expect(parseServerArgs(['--port', '50000', `--extension-id=${OURS}`], {})).toEqual({
      ok: true,
      value: { port: 50000, extensionId: OURS },
    });
    expect(parseServerArgs([], { STEADYHAND_MCP_PORT: '50001', STEADYHAND_EXTENSION_ID: OURS })).toEqual({
      ok: true,
      value: { port: 50001, extensionId: OURS },
    });
    expect(parseServerArgs(['--port', '80'], {})).toMatchObject({ ok: false });
    expect(parseServerArgs(['--extension-id', 'not-an-id'], {})).toMatchObject({ ok: false });
    expect(parseServerArgs(['--verbose'], {})).toMatchObject({ ok: false, error: 'unknown argument --verbose' });
  });
});
