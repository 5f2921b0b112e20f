// Settings, "Other agents" (decision 0030): the switch "Let other agents use Steadyhand" (off by default; while off the
// panel neither connects nor answers), the port the panel dials, the line that adds the local MCP server to a coding
// agent (with this extension's id, the one Origin the server takes), and the paired clients, each with Revoke.

import { useState } from 'preact/hooks';
import { BRIDGE_PORT, type BridgeStatus, isBridgePort, useBridge } from '../../store/bridge';
import { uiBrowser } from '../browser-port';
import { type MessageKey, t } from '../i18n';
import { uiLocale } from '../status-text';
import { CheckField, TextField } from './settings-fields';

const STATUS: Record<BridgeStatus, MessageKey> = {
  off: 'bridgeStatusOff',
  standby: 'bridgeStatusStandby',
  connecting: 'bridgeStatusConnecting',
  connected: 'bridgeStatusConnected',
};

const when = (at: number) => new Date(at).toLocaleString(uiLocale());

export function SettingsAgents() {
  const enabled = useBridge((s) => s.enabled);
  const port = useBridge((s) => s.port);
  const status = useBridge((s) => s.status);
  const clients = useBridge((s) => s.clients);
  const [portText, setPortText] = useState<string | null>(null);
  const portError =
    portText !== null && !isBridgePort(Number(portText))
      ? t('bridgePortError', BRIDGE_PORT.min, BRIDGE_PORT.max)
      : undefined;
  const command = `claude mcp add steadyhand -- npx steadyhand-mcp --extension-id ${uiBrowser().extensionId()}${
    port === BRIDGE_PORT.default ? '' : ` --port ${port}`
  }`;
  return (
    <>
      <CheckField
        id="bridge-enabled"
        label={t('bridgeSwitchLabel')}
        hint={t('bridgeSwitchHint')}
        checked={enabled}
        onValue={(value) => useBridge.getState().setEnabled(value)}
      />
      <p class="meta" role="status" data-testid="bridge-status">
        {t(STATUS[status])}
      </p>
      <TextField
        id="bridge-port"
        label={t('bridgePortLabel')}
        hint={t('bridgePortHint', BRIDGE_PORT.default)}
        error={portError}
        inputMode="numeric"
        value={portText ?? String(port)}
        onValue={(value) => {
          setPortText(value);
          if (isBridgePort(Number(value))) useBridge.getState().setPort(Number(value));
        }}
        onLeave={() => {
          if (portText !== null && isBridgePort(Number(portText))) setPortText(null);
        }}
      />
      <div class="field">
        <p class="meta">{t('bridgeCommandHint')}</p>
        <code class="bridge-command" data-testid="bridge-command">
          {command}
        </code>
      </div>
      <h3 class="settings-subheading">{t('bridgeClientsHeading')}</h3>
      {clients.length === 0 ? (
        <p class="meta" data-testid="bridge-no-clients">
          {t('bridgeNoClients')}
        </p>
      ) : (
        <ul class="bridge-clients" data-testid="bridge-clients">
          {clients.map((client) => (
            <li key={client.id} data-testid="bridge-client">
              <span class="bridge-client-name">{client.name}</span>
              <span class="meta">
                {t('bridgeClientPaired', when(client.pairedAt))}
                {' · '}
                {client.lastUsedAt === null
                  ? t('bridgeClientNeverUsed')
                  : t('bridgeClientUsed', when(client.lastUsedAt))}
              </span>
              <button
                type="button"
                aria-label={t('bridgeRevokeLabel', client.name)}
                onClick={() => useBridge.getState().revoke(client.id)}
              >
                {t('bridgeRevoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
