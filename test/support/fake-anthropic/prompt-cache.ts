// Prompt caching over the view (https://platform.claude.com/docs/en/build-with-claude/prompt-caching). The prefix is
// tools, then system, then messages; a breakpoint is a block with `cache_control` (a top-level `cache_control` marks
// the last cacheable block). Each breakpoint looks back at most 20 blocks for the longest prefix already cached (the
// 20-block lookback as the docs are quoted by third parties, e.g. dev.to/jidonglab); the longest hit is read, the rest
// up to the last breakpoint is written, and only breakpoints whose prefix reaches the model's minimum cacheable length
// write anything ("below it: no error, nothing cached"). Entries live 5 minutes (or 1 hour) from their last use.

import { blockTokens, comparableJson, sha256 } from './canonical';
import { isObject, type JsonObject } from './json';
import type { InternalView } from './view';

const LOOKBACK_BLOCKS = 20;
const TTL_MS = { '5m': 5 * 60_000, '1h': 60 * 60_000 } as const;
type Ttl = keyof typeof TTL_MS;

export interface CacheResult {
  read: number;
  written5m: number;
  written1h: number;
  uncached: number;
}

interface Segment {
  tokens: number;
  /** Hash of the prefix up to and including this block. */
  hash: string;
  breakpoint: Ttl | undefined;
  cacheable: boolean;
}

function ttlOf(block: JsonObject): Ttl | undefined {
  if (!isObject(block.cache_control)) return undefined;
  return block.cache_control.ttl === '1h' ? '1h' : '5m';
}

function segmentsOf(view: InternalView, reasoning: WeakMap<object, number>, topLevel: Ttl | undefined): Segment[] {
  const segments: Segment[] = [];
  let hash = sha256('cache');
  const add = (block: JsonObject, marker: string) => {
    hash = sha256(hash, marker, comparableJson(block));
    const cacheable = block.type !== 'thinking' && block.type !== 'redacted_thinking';
    segments.push({ tokens: blockTokens(block, reasoning), hash, breakpoint: ttlOf(block), cacheable });
  };
  for (const tool of view.tools) add(tool, 'tool');
  for (const block of view.system) add(block, 'system');
  for (const message of view.messages) for (const block of message.content) add(block, message.role);
  if (topLevel) {
    const last = segments.findLast((segment) => segment.cacheable);
    if (last) last.breakpoint = last.breakpoint ?? topLevel;
  }
  return segments;
}

export class PromptCache {
  readonly #entries = new Map<string, { expiresAt: number; ttl: Ttl }>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  #alive(key: string): boolean {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    if (entry.expiresAt > this.#now()) return true;
    this.#entries.delete(key);
    return false;
  }

  /** Reads and writes the cache for one request on `model`; returns the token split. */
  use(
    model: string,
    view: InternalView,
    reasoning: WeakMap<object, number>,
    topLevel: Ttl | undefined,
    minTokens: number,
  ): CacheResult {
    const segments = segmentsOf(view, reasoning, topLevel);
    const total = segments.reduce((sum, segment) => sum + segment.tokens, 0);
    const key = (i: number) => `${model}:${segments[i]?.hash}`;
    const breakpoints = segments.flatMap((segment, i) => (segment.breakpoint ? [i] : []));
    let hit = -1;
    for (const b of breakpoints) {
      for (let i = b; i >= Math.max(0, b - LOOKBACK_BLOCKS + 1) && i > hit; i--) {
        if (this.#alive(key(i))) hit = i;
      }
    }
    const prefixTokens = (i: number) => segments.slice(0, i + 1).reduce((sum, segment) => sum + segment.tokens, 0);
    const now = this.#now();
    if (hit >= 0) {
      const entry = this.#entries.get(key(hit));
      if (entry) entry.expiresAt = now + TTL_MS[entry.ttl];
    }
    const result: CacheResult = { read: hit >= 0 ? prefixTokens(hit) : 0, written5m: 0, written1h: 0, uncached: 0 };
    let writtenTo = hit;
    for (const b of breakpoints) {
      const ttl = segments[b]?.breakpoint;
      if (b <= hit || !ttl || prefixTokens(b) < minTokens) continue;
      const tokens = prefixTokens(b) - prefixTokens(writtenTo);
      if (ttl === '1h') result.written1h += tokens;
      else result.written5m += tokens;
      this.#entries.set(key(b), { expiresAt: now + TTL_MS[ttl], ttl });
      writtenTo = b;
    }
    result.uncached = total - result.read - result.written5m - result.written1h;
    return result;
  }

  clear(): void {
    this.#entries.clear();
  }
}
