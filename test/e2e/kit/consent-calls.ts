// Answering the consent gate's questions (decision 0026) from a test: by the panel's box, as a person does
// (`answerConsent`), or, for a file whose tasks cross a consequential step that is not what it tests, every question
// of the panel the same way as it is asked (`answerConsentsIn`, set with `useKit({ consent: 'once' })`). No vitest
// import here: the live runner may use it too.

import type { Page } from 'playwright-core';
import type { ConsentDecision } from '../../../src/panel/agent/sites/consent';
import type { PanelGlobal } from '../../support/panel';

const LABELS: Record<ConsentDecision, string> = {
  once: 'consent-once',
  deny: 'consent-deny',
  task: 'consent-task',
  always: 'consent-always',
};

export interface ConsentAsked {
  kind: string;
  origin: string;
  /** The box's words: the kind, the site, the button, the fields. */
  text: string;
}

/** The consent box of the task card the panel shows. */
export const consentBox = (panel: Page) => panel.getByTestId('task-card').getByTestId('consent');

/** Waits for the panel's consent question, answers it with its button, and returns what it showed. */
export async function answerConsent(panel: Page, decision: ConsentDecision): Promise<ConsentAsked> {
  const box = consentBox(panel);
  await box.waitFor({ timeout: 20_000 });
  const id = (await box.getAttribute('data-request-id')) ?? '';
  const asked = {
    kind: (await box.getAttribute('data-kind')) ?? '',
    origin: (await box.getAttribute('data-origin')) ?? '',
    text: (await box.textContent()) ?? '',
  };
  await box.getByTestId(LABELS[decision]).click();
  // The next question may follow at once, in a box of its own: this one's id must be gone.
  await panel
    .locator(`[data-testid="consent"][data-request-id="${id}"]`)
    .waitFor({ state: 'detached', timeout: 10_000 });
  return asked;
}

/** Answers every consent question this panel asks from now on with `decision`, through the host. */
export async function answerConsentsIn(panel: Page, decision: ConsentDecision): Promise<void> {
  await panel.evaluate((answer) => {
    const { host } = (globalThis as PanelGlobal).steadyhand;
    host.subscribe((event) => {
      if (event.type === 'consent_request') host.answerConsent(event.requestId, answer);
    });
  }, decision);
}
