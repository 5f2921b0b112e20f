// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBridge } from '../../../src/panel/store/bridge';
import { PairingPrompt } from '../../../src/panel/ui/agents/pairing-prompt';
import { SettingsAgents } from '../../../src/panel/ui/settings/settings-agents';
import { byLabel, byRoleName, byTestId, click, freshUi, mount, settle, typeInto, unmountAll } from './harness';

beforeEach(() => {
  freshUi();
  useBridge.setState({ enabled: false, port: 47615, clients: [], requests: [], status: 'off' });
});
afterEach(unmountAll);

describe('Settings, Other agents', () => {
  it('has "Let other agents use Steadyhand" off by default, and turns it on and off', async () => {
    const root = mount(<SettingsAgents />);
    const toggle = byLabel(root, 'Let other agents use Steadyhand');
    expect(toggle.checked).toBe(false);
    expect(byTestId(root, 'bridge-status').textContent).toBe('Not connected: the switch is off.');
    click(toggle);
    await settle();
    expect(useBridge.getState().enabled).toBe(true);
    click(toggle);
    await settle();
    expect(useBridge.getState().enabled).toBe(false);
  });

  it('saves a valid port, refuses one out of range in words, and shows the line to add the server with it', async () => {
    const root = mount(<SettingsAgents />);
    expect(byTestId(root, 'bridge-command').textContent).toMatch(
      /^claude mcp add steadyhand -- npx steadyhand-mcp --extension-id /,
    );
    typeInto(byLabel(root, 'Port'), '80');
    await settle();
    expect(byTestId(root, 'bridge-port-error').textContent).toBe('Enter a whole number from 1024 to 65535.');
    expect(useBridge.getState().port).toBe(47615);
    typeInto(byLabel(root, 'Port'), '50000');
    await settle();
    expect(useBridge.getState().port).toBe(50000);
    expect(byTestId(root, 'bridge-command').textContent).toMatch(/ --port 50000$/);
  });

  it('lists paired clients with when they paired and were last used, and revokes one', async () => {
    useBridge.setState({
      clients: [
        { id: 'c1', name: 'Claude Code', secretHash: 'a'.repeat(64), pairedAt: Date.UTC(2026, 0, 2), lastUsedAt: null },
        {
          id: 'c2',
          name: 'Cursor',
          secretHash: 'b'.repeat(64),
          pairedAt: Date.UTC(2026, 0, 3),
          lastUsedAt: Date.UTC(2026, 0, 4),
        },
      ],
    });
    const root = mount(<SettingsAgents />);
    const rows = [...root.querySelectorAll('[data-testid="bridge-client"]')].map((row) => row.textContent);
    expect(rows[0]).toMatch(/^Claude Code.*paired .*not used yet/);
    expect(rows[1]).toMatch(/^Cursor.*paired .*last used /);
    click(byRoleName(root, 'Revoke Claude Code: its secret is refused from now on'));
    await settle();
    expect(useBridge.getState().clients.map((c) => c.id)).toEqual(['c2']);
  });
});

describe('the pairing request', () => {
  it('shows the client’s name and code, and passes on the person’s answer', async () => {
    const root = mount(<PairingPrompt />);
    expect(root.textContent).toBe('');
    const answer = useBridge
      .getState()
      .askPairing({ id: 'r1', name: 'Claude Code', code: 'K7Q-2ZD' }, new AbortController().signal);
    await settle();
    expect(byTestId(root, 'pairing-request').getAttribute('role')).toBe('alertdialog');
    expect(root.querySelector('h2')?.textContent).toBe('Claude Code asks to use Steadyhand');
    expect(byTestId(root, 'pairing-code').textContent).toBe('K7Q-2ZD');
    click(byTestId(root, 'pairing-accept'));
    expect(await answer).toBe(true);
    await settle();
    expect(root.textContent).toBe('');
  });
});
