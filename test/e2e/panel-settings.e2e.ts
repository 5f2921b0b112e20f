// Settings through the settings form: validated, saved, still there after the panel reloads, and a wrong API key
// explained in plain words both by "Test connection" and by a task that runs with it.

import type { Page } from 'playwright-core';
import { SETTINGS_KEY } from '../../src/panel/store/storage-keys';
import { saveScreenshot } from '../support/screenshots';
import { describe, expect, it, openFrontTab, useKit } from './kit';
import { expectStatus, newTaskId, PANEL_VIEWPORT, submitTask, taskView, textOf } from './panel-harness';

const RIGHT_KEY = 'sk-ant-right-key-0123456789';
const WRONG_KEY = 'sk-ant-wrong-key-9876543210';

// The stand-in checks the key, as the real API does: any other key gets a 401 authentication_error. The panel starts
// as a new user has it, with no key: the tests fill the settings form.
useKit({ viewport: PANEL_VIEWPORT, model: { apiKey: RIGHT_KEY }, apiKey: null });

function settingsForm(panel: Page) {
  const form = panel.getByTestId('settings');
  return {
    form,
    apiKey: form.getByLabel('Anthropic API key'),
    baseUrl: form.getByLabel('API address (base URL)'),
    model: form.getByLabel('Model', { exact: true }),
    maxSteps: form.getByLabel('Max steps per instruction'),
    verifyMode: form.getByLabel('Verification of done'),
    autoRepair: form.getByLabel('Auto-repair'),
    vision: form.getByLabel('Vision: send screenshots to the model'),
    testConnection: form.getByRole('button', { name: 'Test connection' }),
    models: form.getByLabel('Models this key can use'),
    effort: form.getByLabel('Thinking effort'),
    connectionResult: form.getByTestId('connection-result'),
    save: form.getByRole('button', { name: 'Save' }),
    saveResult: form.getByTestId('save-result'),
  };
}

async function openSettings(panel: Page) {
  await panel.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  return settingsForm(panel);
}

/** The settings as chrome.storage.local holds them (what a reopened panel loads). */
function storedSettings(panel: Page): Promise<string> {
  return panel.evaluate(async (key) => String((await chrome.storage.local.get(key))[key] ?? ''), SETTINGS_KEY);
}

describe('panel settings', () => {
  it('validates, saves, and still shows the saved settings after the panel reloads', async ({ panel, model }) => {
    // No key yet: the panel says tasks would run on the offline demo model.
    expect(await panel.getByTestId('demo-notice').isVisible()).toBe(true);
    const form = await openSettings(panel);

    await form.apiKey.fill(RIGHT_KEY);
    await form.baseUrl.fill(model.url);
    await form.model.fill('claude-haiku-4-5');
    await form.maxSteps.fill('0');
    await form.save.click();
    // An invalid field is explained next to it, gets the focus, and nothing is saved.
    expect(await textOf(form.form.getByTestId('setting-maxSteps-error'))).toBe('Enter a whole number from 1 to 500.');
    expect(await form.maxSteps.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await storedSettings(panel)).not.toContain('claude-haiku-4-5');

    await form.maxSteps.fill('12');
    await form.verifyMode.selectOption({ label: 'Lenient: unconfirmed means unverified success' });
    await form.autoRepair.uncheck();
    await form.vision.check();
    await form.save.click();
    await expect.poll(() => textOf(form.saveResult)).toBe('Saved.');
    expect(await panel.getByTestId('demo-notice').count()).toBe(0);
    await saveScreenshot(panel, 'settings');

    // The key field is masked until the person asks to see it.
    expect(await form.apiKey.getAttribute('type')).toBe('password');
    await form.form.getByRole('button', { name: 'Show' }).click();
    expect(await form.apiKey.getAttribute('type')).toBe('text');

    // Test connection lists the models the key can use (GET /v1/models); an alias is found through its snapshot.
    await form.testConnection.click();
    await expect
      .poll(() => textOf(form.connectionResult))
      .toMatch(/^Connected: \d+ models available, claude-haiku-4-5 among them\.$/);
    const listed = model.requests.filter((r) => r.method === 'GET' && r.path === '/v1/models');
    expect(listed.map((r) => r.credential)).toEqual([RIGHT_KEY]);
    // Picking one from the list fills in the model field; Save keeps it.
    await form.models.selectOption('claude-sonnet-5-5');
    expect(await form.model.inputValue()).toBe('claude-sonnet-5-5');
    await form.effort.selectOption('high');
    await form.save.click();
    await expect.poll(() => textOf(form.saveResult)).toBe('Saved.');

    await expect.poll(() => storedSettings(panel)).toContain('claude-sonnet-5-5');
    await panel.reload();
    await panel.waitForFunction(() => 'steadyhand' in globalThis);
    const after = await openSettings(panel);
    await expect.poll(() => after.model.inputValue()).toBe('claude-sonnet-5-5');
    expect(await after.effort.inputValue()).toBe('high');
    expect(await after.apiKey.inputValue()).toBe(RIGHT_KEY);
    expect(await after.apiKey.getAttribute('type')).toBe('password');
    expect(await after.baseUrl.inputValue()).toBe(model.url);
    expect(await after.maxSteps.inputValue()).toBe('12');
    expect(await after.verifyMode.inputValue()).toBe('lenient');
    expect(await after.autoRepair.isChecked()).toBe(false);
    expect(await after.vision.isChecked()).toBe(true);
    expect(await panel.getByTestId('demo-notice').count()).toBe(0);
  });

  it('says plainly to check the API key, on Test connection and when a task runs', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const form = await openSettings(panel);
    await form.apiKey.fill(WRONG_KEY);
    await form.baseUrl.fill(model.url);
    await form.save.click();
    await expect.poll(() => textOf(form.saveResult)).toBe('Saved.');

    await form.testConnection.click();
    await expect.poll(() => textOf(form.connectionResult)).toMatch(/^Check your API key in settings/);
    expect(await form.connectionResult.getAttribute('class')).toBe('result-err');
    expect(model.requests.at(-1)?.credential).toBe(WRONG_KEY);
    await saveScreenshot(panel, 'bad-key-test-connection');

    const garden = await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    await panel.getByRole('navigation').getByRole('button', { name: 'Task' }).click();
    const before = await panel.evaluate(
      () => document.querySelector('[data-testid="task-card"]')?.getAttribute('data-task-id') ?? null,
    );
    const sentBefore = model.messageRequests.length;
    await submitTask(panel, 'What does the blue fern need?');
    await newTaskId(panel, before);
    await expectStatus(panel, 'error');
    const view = taskView(panel);
    expect(await textOf(view.status)).toBe('Error');
    expect(await textOf(view.final.getByTestId('final-summary'))).toMatch(/^Check your API key in settings/);
    // A refused key is not retried: one request, one clear message.
    expect(model.messageRequests.slice(sentBefore).map((request) => request.credential)).toEqual([WRONG_KEY]);
    await saveScreenshot(panel, 'bad-key-task');
    await garden.page.close();
  });

  it('says in one sentence that the base URL cannot be reached, naming it', async ({ panel }) => {
    const form = await openSettings(panel);
    // Nothing listens on port 9 of this machine: the connection is refused at once.
    const nowhere = 'http://127.0.0.1:9';
    await form.apiKey.fill(RIGHT_KEY);
    await form.baseUrl.fill(nowhere);
    await form.save.click();
    await expect.poll(() => textOf(form.saveResult)).toBe('Saved.');
    await form.testConnection.click();
    await expect
      .poll(() => textOf(form.connectionResult), { timeout: 20_000 })
      .toBe(`Could not reach the model API at ${nowhere}: check that the server runs and the base URL is right.`);
    expect(await form.connectionResult.getAttribute('class')).toBe('result-err');
    await saveScreenshot(panel, 'unreachable-base-url');
  });
});
