// The site permission rules (decision 0010), in their order: the block-list first, then the task's initial origin,
// grants of this task, the allow-list and sites written in the person's instructions, then earlier denials, and only
// then a question. List entries and hosts written in text are parsed and normalised here too.

import { describe, expect, it } from 'vitest';
import {
  normalizeSiteEntry,
  normalizeSiteList,
  parseSiteRule,
  ruleMatches,
  SiteAccess,
  type SiteDecision,
  type SiteDecisionRecord,
  sitesInText,
} from '../../../src/panel/agent/site-access';

const signal = new AbortController().signal;
const why = (url: string) => ({ kind: 'tab', url }) as const;

/** A SiteAccess whose person answers from a queue; records the questions, the persisted grants and the decisions. */
function access(
  lists: { allowed?: string[]; blocked?: string[] } = {},
  answers: SiteDecision[] = [],
): { sites: SiteAccess; asked: string[]; persisted: string[]; decided: SiteDecisionRecord[] } {
  const asked: string[] = [];
  const persisted: string[] = [];
  const decided: SiteDecisionRecord[] = [];
  const sites = new SiteAccess({
    allowedSites: lists.allowed ?? [],
    blockedSites: lists.blocked ?? [],
    prompt: async (origin) => {
      asked.push(origin);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected question about ${origin}`);
      return answer;
    },
    persist: (origin) => persisted.push(origin),
    onDecision: (record) => decided.push(record),
  });
  return { sites, asked, persisted, decided };
}

/** A task that started on https://start.test. */
async function started(lists: { allowed?: string[]; blocked?: string[] } = {}, answers: SiteDecision[] = []) {
  const made = access(lists, answers);
  expect(await made.sites.ask('https://start.test', why('https://start.test/'), signal)).toBe('once');
  return made;
}

describe('SiteAccess rules', () => {
  it('allows the task’s first origin without asking, and asks about the next one', async () => {
    const { sites, asked, decided } = await started({}, ['once']);
    expect(sites.initialOrigin).toBe('https://start.test');
    expect(await sites.ask('https://start.test', why('https://start.test/b'), signal)).toBe('once');
    expect(asked).toEqual([]);
    expect(await sites.ask('https://other.test', why('https://other.test/'), signal)).toBe('once');
    expect(asked).toEqual(['https://other.test']);
    expect(decided).toEqual([{ origin: 'https://other.test', decision: 'once', by: 'person' }]);
  });

  it('"once" lasts for the task: the same origin is not asked about again', async () => {
    const { sites, asked } = await started({}, ['once']);
    await sites.ask('https://other.test', why('https://other.test/'), signal);
    expect(await sites.ask('https://other.test', why('https://other.test/x'), signal)).toBe('once');
    expect(asked).toEqual(['https://other.test']);
    expect(sites.verdict('https://other.test')).toEqual({ kind: 'allowed', by: 'granted' });
  });

  it('"always" persists the origin to the allow-list and is not asked about again', async () => {
    const { sites, asked, persisted } = await started({}, ['always']);
    expect(await sites.ask('https://other.test', why('https://other.test/'), signal)).toBe('always');
    expect(persisted).toEqual(['https://other.test']);
    expect(await sites.ask('https://other.test', why('https://other.test/'), signal)).not.toBe('deny');
    expect(asked).toHaveLength(1);
  });

  it('remembers a denial: denied again without asking', async () => {
    const { sites, asked, decided } = await started({}, ['deny']);
    expect(await sites.ask('https://evil.test', why('https://evil.test/'), signal)).toBe('deny');
    expect(await sites.ask('https://evil.test', why('https://evil.test/again'), signal)).toBe('deny');
    expect(asked).toEqual(['https://evil.test']);
    expect(sites.verdict('https://evil.test')).toEqual({ kind: 'denied', by: 'earlier' });
    expect(sites.describeDenial('https://evil.test')).toBe('the person did not allow https://evil.test for this task');
    expect(decided).toEqual([{ origin: 'https://evil.test', decision: 'deny', by: 'person' }]);
  });

  it('denies a blocked origin without asking, even the task’s first one', async () => {
    const { sites, asked, decided } = access({ blocked: ['bank.test'] });
    expect(await sites.ask('https://bank.test', why('https://bank.test/'), signal)).toBe('deny');
    expect(await sites.ask('http://bank.test:8080', why('http://bank.test:8080/'), signal)).toBe('deny');
    expect(asked).toEqual([]);
    expect(sites.initialOrigin).toBeNull();
    expect(sites.describeDenial('https://bank.test')).toBe("https://bank.test is on the person's block list");
    expect(decided.map((d) => [d.origin, d.decision, d.by])).toEqual([
      ['https://bank.test', 'deny', 'block_list'],
      ['http://bank.test:8080', 'deny', 'block_list'],
    ]);
  });

  it('block beats allow: an origin on both lists is denied', async () => {
    const { sites, asked } = await started({ allowed: ['*.shop.test'], blocked: ['https://pay.shop.test'] });
    expect(await sites.ask('https://pay.shop.test', why('https://pay.shop.test/'), signal)).toBe('deny');
    expect(await sites.ask('https://www.shop.test', why('https://www.shop.test/'), signal)).toBe('always');
    expect(asked).toEqual([]);
  });

  it('allows allow-listed origins without asking, and records the first time only', async () => {
    const { sites, asked, decided } = await started({ allowed: ['https://docs.test', 'api.test', '*.cdn.test'] });
    for (const origin of ['https://docs.test', 'http://api.test:3000', 'https://cdn.test', 'https://a.b.cdn.test']) {
      expect(await sites.ask(origin, why(`${origin}/`), signal)).toBe('always');
    }
    await sites.ask('https://docs.test', why('https://docs.test/'), signal);
    expect(asked).toEqual([]);
    expect(decided.map((d) => d.by)).toEqual(['allow_list', 'allow_list', 'allow_list', 'allow_list']);
    // An origin entry names one scheme and port only.
    expect(sites.verdict('http://docs.test')).toEqual({ kind: 'ask' });
  });

  it('allows a site written in the task, with or without www, and asks about the rest', async () => {
    const { sites, asked, decided } = access({}, ['deny']);
    sites.addInstruction('Compare the price on example.com with the one on https://shop.test:8443/lamps.');
    await sites.ask('https://start.test', why('https://start.test/'), signal);
    for (const origin of ['https://example.com', 'http://www.example.com', 'https://shop.test:8443']) {
      expect(await sites.ask(origin, why(`${origin}/`), signal)).toBe('once');
    }
    expect(await sites.ask('https://shop.test', why('https://shop.test/'), signal)).toBe('deny');
    expect(asked).toEqual(['https://shop.test']);
    expect(decided.filter((d) => d.by === 'instruction').map((d) => d.origin)).toEqual([
      'https://example.com',
      'http://www.example.com',
      'https://shop.test:8443',
    ]);
  });

  it('a follow-up that names a site allows it, even after a denial', async () => {
    const { sites, asked } = await started({}, ['deny']);
    expect(await sites.ask('https://other.test', why('https://other.test/'), signal)).toBe('deny');
    sites.addInstruction('Go ahead and use other.test after all');
    expect(await sites.ask('https://other.test', why('https://other.test/'), signal)).toBe('once');
    expect(asked).toHaveLength(1);
  });

  it('takes new lists for the next run', async () => {
    const { sites } = await started();
    sites.useLists([], ['start.test']);
    expect(await sites.ask('https://start.test', why('https://start.test/'), signal)).toBe('deny');
  });

  it('passes the abort of a pending question on, deciding nothing', async () => {
    const stop = new AbortController();
    const decided: SiteDecisionRecord[] = [];
    const sites = new SiteAccess({
      allowedSites: [],
      blockedSites: [],
      prompt: (_origin, _why, s) =>
        new Promise((_resolve, reject) => s.addEventListener('abort', () => reject(new Error('aborted')))),
      persist: () => {},
      onDecision: (record) => decided.push(record),
    });
    await sites.ask('https://start.test', why('https://start.test/'), signal);
    const pending = sites.ask('https://other.test', why('https://other.test/'), stop.signal);
    stop.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(decided).toEqual([]);
    expect(sites.verdict('https://other.test')).toEqual({ kind: 'ask' });
  });
});

describe('site list entries', () => {
  it.each([
    ['https://Shop.Example/', 'https://shop.example'],
    ['https://shop.example/account?x=1', 'https://shop.example'],
    ['http://127.0.0.1:4173', 'http://127.0.0.1:4173'],
    ['https://shop.example:443', 'https://shop.example'],
    ['Shop.Example', 'shop.example'],
    ['shop.example/', 'shop.example'],
    ['localhost:8080', 'localhost:8080'],
    ['  *.Example.com ', '*.example.com'],
    ['[::1]:3000', '[::1]:3000'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('normalises %s to %s', (raw, entry) => {
    expect(normalizeSiteEntry(raw)).toBe(entry);
  });

  it.each([
    '',
    'shop example',
    '*',
    '*.com',
    'ftp://files.example',
    'chrome://settings',
    'shop.example/path',
    'shop.example:99999',
    'https://',
    '-bad-.example',
    'a..b',
  ])('refuses %j', (raw) => {
    expect(normalizeSiteEntry(raw)).toBeNull();
  });

  it('keeps valid entries of a stored list, normalised and once each', () => {
    expect(normalizeSiteList(['Shop.Example', 'shop.example', 42, 'not a site', '*.x.test'])).toEqual([
      'shop.example',
      '*.x.test',
    ]);
  });

  it('matches origins: exact origins, hosts with any scheme and port (or the one given), wildcards', () => {
    const rule = (entry: string) => {
      const parsed = parseSiteRule(entry);
      if (!parsed) throw new Error(entry);
      return parsed;
    };
    expect(ruleMatches(rule('https://a.test'), 'https://a.test')).toBe(true);
    expect(ruleMatches(rule('https://a.test'), 'https://a.test:8443')).toBe(false);
    expect(ruleMatches(rule('a.test'), 'http://a.test:8080')).toBe(true);
    expect(ruleMatches(rule('a.test'), 'https://b.a.test')).toBe(false);
    expect(ruleMatches(rule('a.test:443'), 'https://a.test')).toBe(true);
    expect(ruleMatches(rule('a.test:443'), 'http://a.test')).toBe(false);
    expect(ruleMatches(rule('*.a.test'), 'https://a.test')).toBe(true);
    expect(ruleMatches(rule('*.a.test'), 'https://x.y.a.test')).toBe(true);
    expect(ruleMatches(rule('*.a.test'), 'https://evila.test')).toBe(false);
  });
});

describe('sites written in text', () => {
  const written = (text: string) =>
    sitesInText(text).map((rule) => (rule.kind === 'host' ? `${rule.host}${rule.port ? `:${rule.port}` : ''}` : ''));

  it('finds URLs and bare hosts, with their www twin', () => {
    expect(written('Open https://www.Shop.test/lamps, then example.com.')).toEqual([
      'www.shop.test',
      'shop.test',
      'example.com',
      'www.example.com',
    ]);
    expect(written('Read http://localhost:4173/a and 127.0.0.1:8080')).toEqual([
      'localhost:4173',
      'www.localhost:4173',
      '127.0.0.1:8080',
    ]);
    expect(written('在example.cn上查一下价格')).toEqual(['example.cn', 'www.example.cn']);
  });

  it('ignores e-mail addresses, file names, numbers and abbreviations', () => {
    expect(written('Mail ada@example.com the report.pdf and notes.txt, e.g. v1.2.3 at 3.5 EUR, i.e. now.')).toEqual([]);
  });
});
