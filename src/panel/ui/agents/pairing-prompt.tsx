// A coding agent asks to use Steadyhand (decision 0030): the person sees the client's name (what it called itself in
// MCP's `initialize`) and the code the agent was also given, and accepts or denies here, never in the agent. Shown
// above every view, so a request is seen wherever the panel is.

import { useBridge } from '../../store/bridge';
import { t } from '../i18n';

export function PairingPrompt() {
  const requests = useBridge((s) => s.requests);
  if (requests.length === 0) return null;
  return (
    <>
      {requests.map((request) => (
        <section
          key={request.id}
          class="card pairing"
          role="alertdialog"
          aria-labelledby={`pairing-${request.id}`}
          aria-describedby={`pairing-${request.id}-text`}
          data-testid="pairing-request"
        >
          <h2 id={`pairing-${request.id}`}>{t('pairingHeading', request.name)}</h2>
          <p id={`pairing-${request.id}-text`}>{t('pairingText')}</p>
          <p class="pairing-code" data-testid="pairing-code">
            {request.code}
          </p>
          <div class="actions">
            <button
              type="button"
              class="primary"
              data-testid="pairing-accept"
              onClick={() => useBridge.getState().answerPairing(request.id, true)}
            >
              {t('pairingAccept')}
            </button>
            <button
              type="button"
              data-testid="pairing-deny"
              onClick={() => useBridge.getState().answerPairing(request.id, false)}
            >
              {t('pairingDeny')}
            </button>
          </div>
        </section>
      ))}
    </>
  );
}
