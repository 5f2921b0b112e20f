// A task run by the real model client (createAnthropicModel, the real SDK over HTTP) against the stand-in of the
// Messages API, on a fake browser: how the agent talks to today's models, without Chromium.

import { type AgentSettings, DEFAULT_SETTINGS, withSettings } from '../../../../src/panel/agent/core/settings';
import { createAnthropicModel, type ModelClientOptions } from '../../../../src/panel/agent/model/llm';
import { AgentController } from '../../../../src/panel/agent/run/controller';
import type { AgentEvent } from '../../../../src/panel/agent/task/events';
import type { FakeAnthropic } from '../../../support/fake-anthropic';
import { FakeAgentBrowser, type Site } from './browser';
import { FakeClock } from './clock';
import { API_KEY } from './fake-api';
import { FakeNavigation } from './navigation';
import { FakeTabs } from './tabs';

export function apiTask(
  fake: FakeAnthropic,
  setup: { site: Site; startUrl?: string; settings?: Partial<AgentSettings>; client?: ModelClientOptions },
) {
  const clock = new FakeClock();
  const browser = new FakeAgentBrowser(setup.site, clock);
  const startUrl = setup.startUrl ?? Object.keys(setup.site)[0] ?? 'https://example.test/';
  const tabs = new FakeTabs(browser, browser.addTab(startUrl));
  const settings = withSettings(DEFAULT_SETTINGS, { apiKey: API_KEY, baseUrl: fake.url, ...setup.settings });
  let ids = 0;
  const controller = new AgentController({
    model: (s) => createAnthropicModel(s, { sleep: clock.sleep, ...setup.client }),
    tabs: tabs.forTask,
    navigation: new FakeNavigation(browser),
    clock,
    settings,
    newId: () => `task${++ids}`,
    sleep: clock.sleep,
  });
  const events: AgentEvent[] = [];
  controller.subscribe((event) => events.push(event));
  return { controller, browser, tabs, clock, events, settings };
}
