// The site permission rules (decision 0010), in their order: the block-list first, then the task's initial origin,
// grants of this task, the allow-list and sites written in the person's instructions, then earlier denials, and only
// then a question. List entries and hosts written in text are parsed and normalised here too.

import { describe, expect, it } from 'vitest';
import {
  normalizeSiteEntry,
  normalizeSiteList,
  parseSiteRule,
  ruleMatches,
} from '../../../../src/panel/agent/core/site-rules';
import {
  SiteAccess,
  type SiteDecision,
  type SiteDecisionRecord,
  sitesInText,
} from '../../../../src/panel/agent/sites/site-access';

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
  made.sites.startOn('https://start.test/home');
  expect(await made.sites.ask('https://start.test', why('https://start.test/'), signal)).toBe('once');
  return made;
}

describe('SiteAccess rules', () => {
  it('allows the origin of the page the task started on without asking, and asks about the next one', async () => {
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
    sites.startOn('https://start.test/');
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
    sites.startOn('https://start.test/');
    const pending = sites.ask('https://other.test', why('https://other.test/'), stop.signal);
    stop.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(decided).toEqual([]);
    expect(sites.verdict('https://other.test')).toEqual({ kind: 'ask' });
  });
});

describe('the page a task starts on', () => {
  it.each([
    ['https://start.test/home', 'https://start.test'],
    ['http://shop.test:8080/cart', 'http://shop.test:8080'],
    ['about:blank', null],
    ['chrome://newtab/', null],
    ['chrome-extension://abc/panel.html', null],
    ['https://chromewebstore.google.com/detail/x', null],
    ['file:///home/ada/page.html', null],
    ['data:text/html,hi', null],
    [null, null],
  ])('%s gives the start site %s', (url, origin) => {
    const { sites } = access();
    sites.startOn(url);
    expect(sites.initialOrigin).toBe(origin);
  });

  it('from a blank or browser page, the first site the task reaches is asked about, not taken as its own', async () => {
    const { sites, asked } = access({}, ['deny']);
    sites.startOn('chrome://newtab/');
    expect(await sites.ask('https://evil.test', why('https://evil.test/'), signal)).toBe('deny');
    expect(asked).toEqual(['https://evil.test']);
    expect(sites.initialOrigin).toBeNull();
  });

  it('from a blank page, a site the instruction names is not asked about', async () => {
    const { sites, asked } = access();
    sites.startOn('about:blank');
    sites.addInstruction('Find a lamp on shop.test');
    expect(await sites.ask('https://shop.test', why('https://shop.test/'), signal)).toBe('once');
    expect(asked).toEqual([]);
  });
});

describe('read and act tiers', () => {
  const act = (url: string) => ({ kind: 'act', action: 'type', url }) as const;
  const frame = (url: string, top: string) => ({ kind: 'frame', action: 'type', url, top }) as const;

  it('"read only": the page may be read without asking again; the first act there asks once', async () => {
    const { sites, asked, decided } = await started({}, ['read', 'once']);
    expect(await sites.ask('https://shop.test', why('https://shop.test/'), signal)).toBe('read');
    expect(await sites.ask('https://shop.test', why('https://shop.test/b'), signal)).toBe('read');
    expect(sites.verdict('https://shop.test', 'read')).toEqual({ kind: 'allowed', by: 'read_only' });
    expect(sites.verdict('https://shop.test', 'act')).toEqual({ kind: 'ask' });
    expect(sites.verdict('https://shop.test')).toEqual({ kind: 'ask' });
    expect(await sites.askToAct('https://shop.test', act('https://shop.test/b'), signal)).toBe('once');
    expect(await sites.askToAct('https://shop.test', act('https://shop.test/b'), signal)).toBe('once');
    expect(asked).toEqual(['https://shop.test', 'https://shop.test']);
    expect(decided.map((d) => [d.origin, d.decision, d.by])).toEqual([
      ['https://shop.test', 'read', 'person'],
      ['https://shop.test', 'once', 'person'],
    ]);
  });

  it('kept read only when asked to act: acts there are refused for the task without asking, reads go on', async () => {
    const { sites, asked } = await started({}, ['read', 'read']);
    await sites.ask('https://shop.test', why('https://shop.test/'), signal);
    expect(await sites.askToAct('https://shop.test', act('https://shop.test/'), signal)).toBe('read');
    expect(await sites.askToAct('https://shop.test', act('https://shop.test/'), signal)).toBe('read');
    expect(await sites.ask('https://shop.test', why('https://shop.test/'), signal)).toBe('read');
    expect(asked).toHaveLength(2);
    expect(sites.verdict('https://shop.test', 'act')).toEqual({ kind: 'denied', by: 'read_only' });
  });

  it('the start site, a grant, the allow-list and a named site are in the act tier: no question to act', async () => {
    const { sites, asked } = await started({ allowed: ['docs.test'] }, ['once']);
    sites.addInstruction('Use pay.test');
    await sites.ask('https://other.test', why('https://other.test/'), signal);
    for (const origin of ['https://start.test', 'https://other.test', 'https://docs.test', 'https://pay.test']) {
      expect(await sites.askToAct(origin, frame(`${origin}/f`, 'https://start.test/'), signal)).not.toBe('deny');
    }
    expect(asked).toEqual(['https://other.test']);
  });

  it('acting in a frame of an undecided site asks once; denied, the site is denied for reading too', async () => {
    const { sites, asked, decided } = await started({}, ['deny']);
    expect(sites.verdict('https://pay.test', 'read')).toEqual({ kind: 'ask' });
    const why = frame('https://pay.test/card', 'https://start.test/checkout');
    expect(await sites.askToAct('https://pay.test', why, signal)).toBe('deny');
    expect(await sites.askToAct('https://pay.test', why, signal)).toBe('deny');
    expect(asked).toEqual(['https://pay.test']);
    expect(sites.verdict('https://pay.test', 'read')).toEqual({ kind: 'denied', by: 'earlier' });
    expect(decided).toEqual([{ origin: 'https://pay.test', decision: 'deny', by: 'person' }]);
  });

  it('a blocked site is refused an act without a question', async () => {
    const { sites, asked } = await started({ blocked: ['pay.test'] });
    expect(await sites.askToAct('https://pay.test', frame('https://pay.test/', 'https://start.test/'), signal)).toBe(
      'deny',
    );
    expect(asked).toEqual([]);
  });

  it('the question to act carries what the agent wants to do and where', async () => {
    const reasons: unknown[] = [];
    const sites = new SiteAccess({
      allowedSites: [],
      blockedSites: [],
      prompt: async (_origin, reason) => {
        reasons.push(reason);
        return 'once';
      },
      persist: () => {},
    });
    sites.startOn('https://shop.test/');
    await sites.askToAct('https://pay.test', frame('https://pay.test/card', 'https://shop.test/'), signal);
    expect(reasons).toEqual([
      { kind: 'frame', action: 'type', url: 'https://pay.test/card', top: 'https://shop.test/' },
    ]);
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
  const written = (text: string) => sitesInText(text).map((rule) => (rule.kind === 'origin' ? rule.origin : ''));

  it('a URL with a scheme names exactly its origin: scheme and port', () => {
    expect(written('Open https://www.Shop.test/lamps, then http://shop.test:8080/cart.')).toEqual([
      'https://www.shop.test',
      'http://shop.test:8080',
    ]);
    expect(written('See https://shop.example:8443/x')).toEqual(['https://shop.example:8443']);
    expect(written('Read http://localhost:4173/a')).toEqual(['http://localhost:4173']);
  });

  it('a bare host names its default ports on https and http, with its www twin', () => {
    expect(written('Compare with example.com.')).toEqual([
      'https://example.com',
      'http://example.com',
      'https://www.example.com',
      'http://www.example.com',
    ]);
    expect(written('在example.cn上查一下价格')).toEqual([
      'https://example.cn',
      'http://example.cn',
      'https://www.example.cn',
      'http://www.example.cn',
    ]);
  });

  it('a host with a port names that port on http and https', () => {
    expect(written('Use localhost:8080 and 127.0.0.1:3000')).toEqual([
      'https://localhost:8080',
      'http://localhost:8080',
      'https://127.0.0.1:3000',
      'http://127.0.0.1:3000',
    ]);
  });

  it.each([
    'Download report.zip',
    'Open notes.md and fix the typos',
    'Attach invoice.pdf to the reply',
    'Import data.csv into the sheet',
    'Play clip.mov',
    'Run install.sh, then main.py',
    'Export logo.ai and photo.heic',
    'Edit config.yaml, .env and package.json',
    'Unpack backup.tar.gz and site.tgz',
    'Read README.md',
    'Open C:\\Users\\ada\\report.zip',
    'Rename docs/report.zip to final.docx',
    'Mail ada@example.com the summary',
    'Write to ada@shop.test about the order',
    'e.g. v1.2.3 at 3.5 EUR, i.e. now',
    'Send the figures to https://example.test/upload?file=report.com then stop',
  ])('names no site in %j (file names, e-mail addresses, numbers)', (text) => {
    const names = written(text);
    // The one URL names its own origin and nothing inside its query.
    expect(names.filter((origin) => origin !== 'https://example.test')).toEqual([]);
  });

  it.each([
    ['Go to shop.example', 'https://shop.example'],
    ['Check status.io', 'https://status.io'],
    ['Open www.report.zip', 'https://www.report.zip'],
    ['Open report.zip/q1', 'https://report.zip'],
    ['Open report.zip:8443', 'https://report.zip:8443'],
    ['Open https://report.zip', 'https://report.zip'],
    ['Look at wikipedia.org', 'https://wikipedia.org'],
    ['Try ebay.com.au', 'https://ebay.com.au'],
    ['Run it on localhost', 'https://localhost'],
    ['Use 192.168.1.10', 'http://192.168.1.10'],
    ['Sign in at mail.shop.test as ada@shop.test', 'https://mail.shop.test'],
    ['Open bücher.example', null],
    ['Open https://bücher.example/', 'https://xn--bcher-kva.example'],
  ])('%j names %s', (text, origin) => {
    if (origin === null) expect(written(text)).toEqual([]);
    else expect(written(text)).toContain(origin);
  });

  it('an e-mail address names no site, but the same host written as one does', () => {
    expect(written('Write to ada@shop.example, then open shop.example')).toEqual([
      'https://shop.example',
      'http://shop.example',
      'https://www.shop.example',
      'http://www.shop.example',
    ]);
  });

  it('a named site allows its origins and no other scheme or port', async () => {
    const { sites } = access();
    sites.addInstruction('Use shop.example, https://pay.example:8443 and localhost:8080');
    const allowed = (origin: string) => sites.verdict(origin).kind === 'allowed';
    expect(allowed('https://shop.example')).toBe(true);
    expect(allowed('http://shop.example')).toBe(true);
    expect(allowed('https://shop.example:8443')).toBe(false);
    expect(allowed('http://shop.example:8080')).toBe(false);
    expect(allowed('https://pay.example:8443')).toBe(true);
    expect(allowed('https://pay.example')).toBe(false);
    expect(allowed('http://pay.example:8443')).toBe(false);
    expect(allowed('http://localhost:8080')).toBe(true);
    expect(allowed('https://localhost:8080')).toBe(true);
    expect(allowed('http://localhost:3000')).toBe(false);
    expect(allowed('http://localhost')).toBe(false);
  });

  it('"Download report.zip" allows no site', () => {
    const { sites } = access();
    sites.addInstruction('Download report.zip from the shared folder');
    expect(sites.verdict('https://report.zip')).toEqual({ kind: 'ask' });
    expect(sites.verdict('http://report.zip')).toEqual({ kind: 'ask' });
  });
});

describe('a plan the person approved ("Ask before acting", decision 0026)', () => {
  it('allows its sites in both tiers without a question, recorded by the plan the first time each applies', async () => {
    const { sites, asked, decided } = access();
    sites.approvePlan(['https://shop.example', 'docs.example']);

    expect(await sites.ask('https://shop.example', why('https://shop.example/'), signal)).toBe('once');
    expect(await sites.askToAct('https://shop.example', why('https://shop.example/'), signal)).toBe('once');
    expect(await sites.askToAct('https://docs.example', why('https://docs.example/'), signal)).toBe('once');
    expect(asked).toEqual([]);
    expect(decided).toEqual([
      { origin: 'https://shop.example', decision: 'once', by: 'plan' },
      { origin: 'https://docs.example', decision: 'once', by: 'plan' },
    ]);
    expect(sites.holdSet().allowed).toEqual(
      expect.arrayContaining([
        { kind: 'origin', origin: 'https://shop.example' },
        { kind: 'host', host: 'docs.example' },
      ]),
    );
  });

  it('does not allow a site the person removed from it, even one the instruction names', async () => {
    const { sites, asked } = access({}, ['deny']);
    sites.addInstruction('Compare prices on https://shop.example and https://other.example');
    sites.approvePlan(['https://shop.example'], ['https://other.example']);

    expect(sites.verdict('https://other.example')).toEqual({ kind: 'ask' });
    expect(await sites.ask('https://other.example', why('https://other.example/'), signal)).toBe('deny');
    expect(asked).toEqual(['https://other.example']);
    expect(sites.holdSet().allowed).not.toContainEqual({ kind: 'origin', origin: 'https://other.example' });
  });

  it('leaves a blocked site blocked, and takes no wildcard', () => {
    const { sites } = access({ blocked: ['bad.example'] });
    sites.approvePlan(['bad.example', '*.wide.example']);

    expect(sites.verdict('https://bad.example')).toEqual({ kind: 'denied', by: 'block_list' });
    expect(sites.verdict('https://a.wide.example')).toEqual({ kind: 'ask' });
  });
});
