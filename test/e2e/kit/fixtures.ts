// The e2e kit's fixtures, on vitest's test.extend: the fixture site, the stand-in of the Messages API, Chromium with
// the extension and its panel, each made once per file and closed after it. A file changes what it needs with
// `useKit({...})` at its top (vitest's test.override); the stand-in is emptied before each test.

import type { Page } from 'playwright-core';
import { test as base } from 'vitest';
import type { ConsentDecision } from '../../../src/panel/agent/sites/consent';
import { type ExtensionHarness, launchExtension } from '../../support/extension';
import { type FakeAnthropic, type FakeAnthropicOptions, startFakeAnthropic } from '../../support/fake-anthropic';
import { type FixtureServer, type Route, startFixtureServer } from '../../support/fixture-server';
import { answerConsentsIn } from './consent-calls';
import { pointAtModel } from './panel-calls';

export interface KitOptions {
  /** Routes the fixture site answers before its own (files, /slow, /redirect). */
  routes: Route[];
  /** Options of the stand-in of the Messages API (a key it checks, event pacing). */
  model: FakeAnthropicOptions;
  /** The key the panel's settings get, pointing the panel at the stand-in; null leaves the panel as a new user has it. */
  apiKey: string | null;
  /** The browser's UI language (chrome.i18n follows it), e.g. 'zh-CN'. */
  locale?: string;
  /** Chromium's `--host-resolver-rules` (src/tooling/launch-browser.ts), e.g. 'MAP *.test 127.0.0.1'; unset: none. */
  hostResolverRules?: string;
  /**
   * How every consent question (decision 0026) is answered, for a file whose tasks cross a consequential step that is
   * not what it tests; unset: questions wait for the test (answerConsent).
   */
  consent?: ConsentDecision;
  /** The panel page's viewport; the default is the browser's. */
  viewport?: { width: number; height: number };
  /**
   * Chrome's real background throttling: a tab behind another (`hideTab`) is truly hidden, gets no animation frames
   * and its timers run once a second (test/support/throttled-browser.ts). Unset: Playwright's launch, where no tab
   * is ever hidden.
   */
  background?: boolean;
}

const DEFAULTS: KitOptions = { routes: [], model: {}, apiKey: 'test-key' };

export const test = base
  .extend('kit', { scope: 'file' }, DEFAULTS)
  .extend('site', { scope: 'file' }, async ({ kit }, { onCleanup }): Promise<FixtureServer> => {
    const site = await startFixtureServer(kit.routes);
    onCleanup(() => site.close());
    return site;
  })
  .extend('standIn', { scope: 'file' }, async ({ kit }, { onCleanup }): Promise<FakeAnthropic> => {
    const standIn = await startFakeAnthropic(kit.model);
    onCleanup(() => standIn.close());
    return standIn;
  })
  .extend('browser', { scope: 'file' }, async ({ kit, standIn }, { onCleanup }): Promise<ExtensionHarness> => {
    const browser = await launchExtension({
      ...(kit.background ? { background: true } : {}),
      ...(kit.locale ? { locale: kit.locale } : {}),
      ...(kit.hostResolverRules ? { hostResolverRules: kit.hostResolverRules } : {}),
    });
    onCleanup(() => browser.close());
    if (kit.viewport) await browser.panel.setViewportSize(kit.viewport);
    if (kit.apiKey !== null) await pointAtModel(browser.panel, standIn.url, kit.apiKey);
    if (kit.consent) await answerConsentsIn(browser.panel, kit.consent);
    return browser;
  })
  /** The stand-in, emptied (no script, no recorded request) before each test. */
  .extend('model', { auto: true }, ({ standIn }): FakeAnthropic => {
    standIn.reset();
    return standIn;
  })
  /** The panel page the test starts with (a test that reopens the panel reads `browser.panel` afterwards). */
  .extend('panel', ({ browser }): Page => browser.panel);

/** Sets this file's options (call it at the top of the file, before its tests). */
export function useKit(options: Partial<KitOptions>): void {
  test.override('kit', { ...DEFAULTS, ...options });
}
