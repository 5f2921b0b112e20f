// The network hold's rules (decision 0025): declarativeNetRequest session rules, scoped with `condition.tabIds` to the
// task's tabs, that block page loads to every origin the task has not been allowed. Pure data in the shape of
// chrome.declarativeNetRequest.Rule (https://developer.chrome.com/docs/extensions/reference/api/declarativeNetRequest):
// the panel's adapter (src/panel/chrome/net-rules.ts) hands them to updateSessionRules.
//
// Matching: the highest priority wins, so one low-priority block for everything is lifted by an `allow` per allowed
// site, and the block-list, which beats every allowance (decision 0010), blocks again above those. A redirect is
// matched as a request to the URL it leads to, so a redirect to another site is held like a link to it.

import type { SiteRule } from '../core/site-rules';

export type HoldResourceType =
  | 'main_frame'
  | 'sub_frame'
  | 'stylesheet'
  | 'script'
  | 'image'
  | 'font'
  | 'object'
  | 'xmlhttprequest'
  | 'ping'
  | 'csp_report'
  | 'media'
  | 'websocket'
  | 'webtransport'
  | 'webbundle'
  | 'other';

export interface HoldRule {
  id: number;
  priority: number;
  action: { type: 'block' | 'allow' };
  condition: {
    tabIds: number[];
    resourceTypes: HoldResourceType[];
    regexFilter?: string;
    requestDomains?: string[];
    requestMethods?: ('get' | 'head')[];
  };
}

/** Every resource type: what a script run by evaluate may fetch with, main_frame included. */
export const ALL_RESOURCE_TYPES: readonly HoldResourceType[] = [
  'main_frame',
  'sub_frame',
  'stylesheet',
  'script',
  'image',
  'font',
  'object',
  'xmlhttprequest',
  'ping',
  'csp_report',
  'media',
  'websocket',
  'webtransport',
  'webbundle',
  'other',
];

const PRIORITY = { hold: 1, allow: 2, blockList: 3 } as const;

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The start of a URL on an origin or host, as an RE2 pattern anchored at the scheme and ended by the path's `/`
 * (Chrome's URLs always have one after the host), so `shop.test` never matches `shop.test.evil.example`. A default
 * port is not written in a URL Chrome sends, so `host:80` also matches `http://host/`. WebSocket schemes are the
 * http(s) of the same origin.
 */
function urlPrefix(rule: Exclude<SiteRule, { kind: 'wildcard' }>): string {
  if (rule.kind === 'origin') {
    const url = new URL(rule.origin);
    const scheme = url.protocol === 'https:' ? '(?:https|wss)' : '(?:http|ws)';
    return `^${scheme}://${escapeRe(url.host)}/`;
  }
  const host = escapeRe(rule.host);
  if (rule.port === undefined) return `^(?:https?|wss?)://${host}(?::[0-9]+)?/`;
  const implicit = rule.port === '80' ? '(?:https?|wss?)' : rule.port === '443' ? '(?:https|wss)' : null;
  const bare = rule.port === '80' ? '(?:http|ws)' : '(?:https|wss)';
  return implicit === null
    ? `^(?:https?|wss?)://${host}:${rule.port}/`
    : `^(?:(?:https?|wss?)://${host}:${rule.port}|${bare}://${host})/`;
}

function condition(rule: SiteRule, tabIds: number[], resourceTypes: HoldResourceType[]): HoldRule['condition'] {
  // `requestDomains` matches the domain and its subdomains on any scheme and port: a wildcard entry exactly.
  if (rule.kind === 'wildcard') return { tabIds, resourceTypes, requestDomains: [rule.domain] };
  return { tabIds, resourceTypes, regexFilter: urlPrefix(rule) };
}

export interface HoldSpec {
  tabIds: readonly number[];
  allowed: readonly SiteRule[];
  /** Sites the person allowed to read only: loaded (GET, HEAD), never posted to. */
  readOnly?: readonly SiteRule[];
  blocked: readonly SiteRule[];
  /** Every request of the tabs, not only page loads (while a script the agent evaluates runs). */
  strict: boolean;
}

/** The rules for a hold, numbered from `firstId`; none without a tab to hold. */
export function holdRules(spec: HoldSpec, firstId = 1): HoldRule[] {
  if (spec.tabIds.length === 0) return [];
  const tabIds = [...spec.tabIds];
  const types: HoldResourceType[] = spec.strict ? [...ALL_RESOURCE_TYPES] : ['main_frame'];
  const rules: HoldRule[] = [];
  const add = (priority: number, type: 'block' | 'allow', cond: HoldRule['condition']) =>
    rules.push({ id: firstId + rules.length, priority, action: { type }, condition: cond });
  add(PRIORITY.hold, 'block', { tabIds, resourceTypes: types });
  const seen = new Set<string>();
  for (const rule of spec.allowed) {
    const cond = condition(rule, tabIds, types);
    const key = JSON.stringify(cond);
    if (seen.has(key)) continue;
    seen.add(key);
    add(PRIORITY.allow, 'allow', cond);
  }
  // A read-only site may be loaded, not sent data: only GET and HEAD are let through to it, so a form the page
  // posts there stays held and is asked about as an act.
  for (const rule of spec.readOnly ?? []) {
    add(PRIORITY.allow, 'allow', { ...condition(rule, tabIds, types), requestMethods: ['get', 'head'] });
  }
  for (const rule of spec.blocked) add(PRIORITY.blockList, 'block', condition(rule, tabIds, types));
  return rules;
}
