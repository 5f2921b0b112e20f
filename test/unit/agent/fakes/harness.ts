// One call builds an AgentController over the fakes: a scripted model, a fake browser with the test's site, its
// tabs and navigation, a fake clock. Events are collected for assertions. Site permission questions stay open
// unless the setup says how the person answers them.

import { type AgentSettings, DEFAULT_SETTINGS, withSettings } from '../../../../src/panel/agent/core/settings';
import { AgentController } from '../../../../src/panel/agent/run/controller';
import type { ConsentDecision } from '../../../../src/panel/agent/sites/consent';
import type { SiteDecision } from '../../../../src/panel/agent/sites/site-access';
import type { AgentEvent } from '../../../../src/panel/agent/task/events';
import type { TaskFiles } from '../../../../src/panel/agent/task/files';
import type { CaptureFn } from '../../../../src/panel/agent/tools/types';
import { FakeAgentBrowser, type Site } from './browser';
import { FakeClock } from './clock';
import { FakeNavigation } from './navigation';
import { type Responder, ScriptedModel, type ScriptTurn } from './scripted-model';
import { FakeTabs } from './tabs';

export interface AgentSetup {
  site: Site;
  /** Where the agent's tab starts; default the site's first URL. */
  startUrl?: string;
  turns?: ScriptTurn[];
  responder?: Responder;
  settings?: Partial<AgentSettings>;
  /** Fake ms each model call takes. */
  callMs?: number;
  /** The model id the scripted model reports (its price comes from prices.ts); default claude-sonnet-5-5. */
  model?: string;
  capture?: CaptureFn;
  /** How the person answers each site permission question, as it is asked (the person's wait: `personMs`). */
  answerSites?: SiteDecision | ((origin: string) => SiteDecision);
  /** How the person answers each consequential step's question (decision 0026); unset: the question stays open. */
  answerConsent?: ConsentDecision | ((origin: string) => ConsentDecision);
  /** Fake ms the person takes to answer a site permission question. */
  answerMs?: number;
  /** The task's attached files and downloads (upload_file); none when absent. */
  files?: TaskFiles;
}

export type EventOf<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;

export function setupAgent(setup: AgentSetup) {
  const clock = new FakeClock();
  const browser = new FakeAgentBrowser(setup.site, clock);
  const startUrl = setup.startUrl ?? Object.keys(setup.site)[0] ?? 'https://example.test/';
  const tabId = browser.addTab(startUrl);
  const tabs = new FakeTabs(browser, tabId);
  const navigation = new FakeNavigation(browser);
  const model = new ScriptedModel(setup.turns ?? [], {
    clock,
    callMs: setup.callMs ?? 0,
    ...(setup.model ? { model: setup.model } : {}),
    ...(setup.responder ? { responder: setup.responder } : {}),
  });
  let ids = 0;
  const settings = withSettings(DEFAULT_SETTINGS, setup.settings ?? {});
  /** What "Always allow this site" persisted. */
  const allowedSites: string[] = [];
  /** What "Always on this site" persisted to the act-without-asking list. */
  const actWithoutAsking: string[] = [];
  const controller = new AgentController({
    model,
    tabs: tabs.forTask,
    navigation,
    clock,
    settings,
    newId: () => `id${++ids}`,
    sleep: clock.sleep,
    ...(setup.capture ? { capture: setup.capture } : {}),
    ...(setup.files ? { files: setup.files } : {}),
    allowSite: (origin) => allowedSites.push(origin),
    actWithoutAsking: (origin) => actWithoutAsking.push(origin),
  });
  const events: AgentEvent[] = [];
  controller.subscribe((event) => events.push(event));
  const { answerSites } = setup;
  if (answerSites !== undefined) {
    controller.subscribe((event) => {
      if (event.type !== 'permission_request') return;
      clock.advance(setup.answerMs ?? 0);
      const decision = typeof answerSites === 'function' ? answerSites(event.origin) : answerSites;
      controller.answerPermission(event.requestId, decision);
    });
  }
  const { answerConsent } = setup;
  if (answerConsent !== undefined) {
    controller.subscribe((event) => {
      if (event.type !== 'consent_request') return;
      const decision = typeof answerConsent === 'function' ? answerConsent(event.origin) : answerConsent;
      controller.answerConsent(event.requestId, decision);
    });
  }
  const of = <T extends AgentEvent['type']>(type: T): EventOf<T>[] =>
    events.filter((event): event is EventOf<T> => event.type === type);
  return {
    controller,
    model,
    browser,
    tabs,
    navigation,
    clock,
    events,
    tabId,
    settings,
    of,
    allowedSites,
    actWithoutAsking,
  };
}

export type AgentHarness = ReturnType<typeof setupAgent>;
