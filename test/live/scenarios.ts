// Task scenarios for live runs against the real model. Each names a starting page on the fixture site or the demo
// shop, the instruction a person would type, and an independent check of the outcome made by the harness afterwards
// (so a done the agent claimed can be found false).

import type { StaticServer } from '../../src/tooling/static-server';
import type { FixtureServer } from '../support/fixture-server';

export interface LiveScenario {
  name: string;
  start(sites: { fixtures: FixtureServer; shop: StaticServer }): string;
  instruction(sites: { fixtures: FixtureServer; shop: StaticServer }): string;
  /** Did the task really happen? Judged from the servers' logs and the answer, not from the agent's claim. */
  check(sites: { fixtures: FixtureServer; shop: StaticServer }, answer: string): boolean;
}

export const SCENARIOS: LiveScenario[] = [
  {
    name: 'form',
    start: ({ fixtures }) => fixtures.url('/agent/agent-form.html'),
    instruction: () => 'Sign Ada Lovelace (ada@example.com) up for the cooking newsletter on this page.',
    check: ({ fixtures }) =>
      fixtures.hits.some((hit) => /agent-thanks\.html\?name=Ada\+Lovelace.*topic=Cooking/.test(hit)),
  },
  {
    name: 'fact across pages',
    start: ({ fixtures }) => fixtures.url('/agent/agent-facts.html'),
    instruction: () => 'How much does the ruby falcon weigh? Answer with the number and unit.',
    check: (_sites, answer) => /812\s*grams/i.test(answer),
  },
  {
    name: 'shop purchase',
    start: ({ shop }) => shop.url('/'),
    instruction: ({ shop }) =>
      `On the Fern & Fig shop (${shop.url('/')}) buy one Monstera deliciosa for Ada Lovelace (ada@example.com) with ` +
      'standard shipping, then tell me the order number.',
    check: ({ shop }, answer) =>
      shop.hits.some((hit) => hit.startsWith('/confirmation.html?name=Ada+Lovelace')) && /FF-\d{6}/.test(answer),
  },
  {
    name: 'dead end',
    start: ({ fixtures }) => fixtures.url('/agent/agent-dead.html'),
    instruction: () => 'Download the report from this page.',
    // Nothing can be downloaded: success here would be a false claim.
    check: () => false,
  },
];
