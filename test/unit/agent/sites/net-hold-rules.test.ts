// The network hold's rules (src/panel/agent/sites/net-hold-rules.ts): the task's allowed sites and the block-list as
// declarativeNetRequest session rules. The regexFilters are checked here with JavaScript's RegExp, which reads these
// patterns (anchors, groups, classes) the way Chrome's RE2 does.

import { describe, expect, it } from 'vitest';
import { parseSiteRule, type SiteRule } from '../../../../src/panel/agent/core/site-rules';
import { ALL_RESOURCE_TYPES, type HoldRule, holdRules } from '../../../../src/panel/agent/sites/net-hold-rules';

const rule = (entry: string): SiteRule => {
  const parsed = parseSiteRule(entry);
  if (!parsed) throw new Error(`not a site: ${entry}`);
  return parsed;
};

/** What the rules decide for a main-frame request to `url`: the highest priority matching rule wins. */
function decide(rules: HoldRule[], url: string, method: 'get' | 'post' = 'get'): 'allow' | 'block' | 'none' {
  const host = new URL(url).hostname;
  const matching = rules.filter((r) => {
    const { regexFilter, requestDomains, requestMethods } = r.condition;
    if (requestMethods !== undefined && !(requestMethods as string[]).includes(method)) return false;
    if (regexFilter !== undefined) return new RegExp(regexFilter, 'i').test(url);
    if (requestDomains !== undefined) return requestDomains.some((d) => host === d || host.endsWith(`.${d}`));
    return true;
  });
  if (matching.length === 0) return 'none';
  const top = Math.max(...matching.map((r) => r.priority));
  // At one priority an allow wins over a block (Chrome's order of actions); the builder never relies on it.
  return matching.some((r) => r.priority === top && r.action.type === 'allow') ? 'allow' : 'block';
}

const hold = (allowed: string[], blocked: string[] = [], strict = false) =>
  holdRules({ tabIds: [7, 9], allowed: allowed.map(rule), blocked: blocked.map(rule), strict });

describe('holdRules', () => {
  it('blocks page loads of the task’s tabs to every origin but the allowed ones', () => {
    const rules = hold(['http://shop.test:8080']);
    expect(rules[0]).toEqual({
      id: 1,
      priority: 1,
      action: { type: 'block' },
      condition: { tabIds: [7, 9], resourceTypes: ['main_frame'] },
    });
    expect(rules.every((r) => r.condition.tabIds.join() === '7,9')).toBe(true);
    expect(decide(rules, 'http://shop.test:8080/cart?x=1')).toBe('allow');
    expect(decide(rules, 'http://evil.test:8080/collect')).toBe('block');
    // Same host, another port or scheme: another origin.
    expect(decide(rules, 'http://shop.test:8081/')).toBe('block');
    expect(decide(rules, 'https://shop.test:8080/')).toBe('block');
  });

  it('never lets a host that only starts like an allowed one through', () => {
    const rules = hold(['https://shop.example', 'bank.example']);
    expect(decide(rules, 'https://shop.example/')).toBe('allow');
    expect(decide(rules, 'https://shop.example.evil.test/')).toBe('block');
    expect(decide(rules, 'https://shop.example@evil.test/')).toBe('block');
    expect(decide(rules, 'https://shop.example:444/')).toBe('block');
    expect(decide(rules, 'https://bank.example.evil.test/')).toBe('block');
    expect(decide(rules, 'https://xbank.example/')).toBe('block');
  });

  it('a host entry allows any scheme and port; with a port, that port (and the scheme’s default)', () => {
    const any = hold(['localhost']);
    expect(decide(any, 'http://localhost:5173/')).toBe('allow');
    expect(decide(any, 'https://localhost/')).toBe('allow');
    const port = hold(['localhost:8080']);
    expect(decide(port, 'http://localhost:8080/a')).toBe('allow');
    expect(decide(port, 'https://localhost:8080/a')).toBe('allow');
    expect(decide(port, 'http://localhost/')).toBe('block');
    const http = hold(['intranet.test:80']);
    expect(decide(http, 'http://intranet.test/')).toBe('allow');
    expect(decide(http, 'https://intranet.test/')).toBe('block');
    const https = hold(['intranet.test:443']);
    expect(decide(https, 'https://intranet.test/')).toBe('allow');
    expect(decide(https, 'http://intranet.test/')).toBe('block');
  });

  it('a wildcard allows the domain and its subdomains on any scheme and port, through requestDomains', () => {
    const rules = hold(['*.example.com']);
    expect(rules[1]?.condition.requestDomains).toEqual(['example.com']);
    expect(decide(rules, 'https://example.com/')).toBe('allow');
    expect(decide(rules, 'http://a.b.example.com:8080/')).toBe('allow');
    expect(decide(rules, 'https://example.com.evil.test/')).toBe('block');
    expect(decide(rules, 'https://notexample.com/')).toBe('block');
  });

  it('the block-list beats every allowance', () => {
    const rules = hold(['*.example.com'], ['evil.example.com']);
    expect(decide(rules, 'https://shop.example.com/')).toBe('allow');
    expect(decide(rules, 'https://evil.example.com/')).toBe('block');
    expect(rules.at(-1)).toMatchObject({ priority: 3, action: { type: 'block' } });
  });

  it('escapes what a regex would read as syntax, and IPv6 hosts work', () => {
    const rules = hold(['http://127.0.0.1:3000', 'http://[::1]:8080']);
    expect(decide(rules, 'http://127.0.0.1:3000/')).toBe('allow');
    expect(decide(rules, 'http://127a0a0a1:3000/')).toBe('block');
    expect(decide(rules, 'http://[::1]:8080/')).toBe('allow');
  });

  it('strict (a script the agent evaluates runs): every resource type is held, not only page loads', () => {
    const rules = hold(['http://shop.test:8080'], [], true);
    expect(rules.every((r) => r.condition.resourceTypes.length === ALL_RESOURCE_TYPES.length)).toBe(true);
    expect(rules[0]?.condition.resourceTypes).toContain('xmlhttprequest');
  });

  it('no rule without a tab, one rule per distinct site, ids from firstId', () => {
    expect(holdRules({ tabIds: [], allowed: [rule('shop.test')], blocked: [], strict: false })).toEqual([]);
    const rules = holdRules(
      {
        tabIds: [1],
        allowed: [rule('http://a.test'), rule('http://a.test'), rule('b.test')],
        blocked: [],
        strict: false,
      },
      10,
    );
    expect(rules.map((r) => r.id)).toEqual([10, 11, 12]);
  });

  it('lets a site allowed to read only be loaded, never posted to', () => {
    const rules = holdRules({
      tabIds: [7],
      allowed: [rule('http://shop.test:8080')],
      readOnly: [rule('http://news.test:8080')],
      blocked: [],
      strict: false,
    });
    expect(decide(rules, 'http://news.test:8080/story?id=1')).toBe('allow');
    expect(decide(rules, 'http://news.test:8080/comment', 'post')).toBe('block');
    expect(decide(rules, 'http://shop.test:8080/order', 'post')).toBe('allow');
  });
});
