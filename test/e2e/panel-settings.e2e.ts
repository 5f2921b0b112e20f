// Settings through the settings form: each field validated and saved as it changes, kept across a switch of view and
// a save by another panel, still there after the panel reloads, and a wrong API key explained in plain words both
// by "Test connection" and by a task that runs with it.

import type { Page } from 'playwright-core';
import { DEFAULT_SETTINGS } from '../../src/panel/agent/core/settings';
import { SETTINGS_KEY } from '../../src/panel/store/storage-keys';
import { saveScreenshot } from '../support/screenshots';
import { openSettingsSection } from '../support/settings-form';
import { describe, expect, it, openFrontTab, type PanelGlobal, useKit } from './kit';
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
  it('validates and saves each field as it changes, and still shows them after the panel reloads', async ({
    panel,
    model,
  }) => {
    // No key yet: the panel says tasks would run on the offline demo model.
    expect(await panel.getByTestId('demo-notice').isVisible()).toBe(true);
    const form = await openSettings(panel);
    await saveScreenshot(panel, 'settings-sections');

    await form.apiKey.fill(RIGHT_KEY);
    await form.baseUrl.fill(model.url);
    await form.model.fill('claude-haiku-4-5');
    await expect.poll(() => storedSettings(panel)).toContain('claude-haiku-4-5');
    expect(await textOf(form.saveResult)).toBe('Saved.');
    expect(await panel.getByTestId('demo-notice').count()).toBe(0);

    await openSettingsSection(panel, 'behaviour');
    await form.maxSteps.fill('0');
    await form.maxSteps.blur();
    // An invalid field is explained next to it once the person leaves it, and is not saved: the last valid value is.
    expect(await textOf(form.form.getByTestId('setting-maxSteps-error'))).toBe('Enter a whole number from 1 to 500.');
    expect(await textOf(form.saveResult)).toBe('Not saved: a field has an error; its last saved value stays in use.');
    expect(JSON.parse(await storedSettings(panel)).state.settings.maxSteps).toBe(DEFAULT_SETTINGS.maxSteps);

    await form.maxSteps.fill('12');
    await form.verifyMode.selectOption({ label: 'Lenient: unconfirmed means unverified success' });
    await openSettingsSection(panel, 'advanced');
    await form.autoRepair.uncheck();
    await form.vision.check();
    await expect.poll(() => storedSettings(panel)).toContain('"vision":true');
    expect(await textOf(form.saveResult)).toBe('Saved.');
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
    // Picking one from the list fills in the model field and saves it.
    await form.models.selectOption('claude-sonnet-5-5');
    expect(await form.model.inputValue()).toBe('claude-sonnet-5-5');
    await form.effort.selectOption('high');

    await expect.poll(() => storedSettings(panel)).toContain('claude-sonnet-5-5');
    await expect.poll(() => storedSettings(panel)).toContain('"effort":"high"');
    await panel.reload();
    await panel.waitForFunction(() => 'steadyhand' in globalThis);
    const after = await openSettings(panel);
    await openSettingsSection(panel, 'behaviour');
    await openSettingsSection(panel, 'advanced');
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
    await expect.poll(() => storedSettings(panel)).toContain(nowhere);
    await form.testConnection.click();
    await expect
      .poll(() => textOf(form.connectionResult), { timeout: 20_000 })
      .toBe(`Could not reach the model API at ${nowhere}: check that the server runs and the base URL is right.`);
    expect(await form.connectionResult.getAttribute('class')).toBe('result-err');
    await saveScreenshot(panel, 'unreachable-base-url');
  });

  it('keeps the key typed across a switch to Task and back, saved, and a half-typed field through another panel’s save', async ({
    browser,
    panel,
  }) => {
    await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ apiKey: '' }));
    const form = await openSettings(panel);
    await form.apiKey.fill('');
    await form.apiKey.pressSequentially('sk-ant-typed');
    await panel.getByRole('navigation').getByRole('button', { name: 'Task' }).click();
    expect(await panel.getByTestId('settings').count()).toBe(0);
    const back = await openSettings(panel);
    expect(await back.apiKey.inputValue()).toBe('sk-ant-typed');
    await expect.poll(() => storedSettings(panel)).toContain('"apiKey":"sk-ant-typed"');

    // Half-way through an address (not valid yet), another panel saves the settings.
    await back.baseUrl.fill('https://');
    const other = await browser.context.newPage();
    await other.goto(browser.panelUrl);
    await other.waitForFunction(() => 'steadyhand' in globalThis);
    await other.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ maxSteps: 77 }));
    await openSettingsSection(panel, 'behaviour');
    await expect.poll(() => back.maxSteps.inputValue()).toBe('77');
    expect(await back.baseUrl.inputValue()).toBe('https://');
    expect(await back.apiKey.inputValue()).toBe('sk-ant-typed');
    await other.close();
  });
});
