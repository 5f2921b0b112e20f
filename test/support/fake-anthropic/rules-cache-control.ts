// How many cache breakpoints a request sets. https://platform.claude.com/docs/en/build-with-claude/prompt-caching

import { isObject, type JsonObject } from './json';
import type { ModelProfile } from './profile-types';
import type { RequestMessage } from './request-types';
import { checkCacheControl } from './rules-blocks';
import { invalid, present } from './schema';

function marked(block: unknown): number {
  if (!isObject(block)) return 0;
  const nested =
    block.type === 'tool_result' && Array.isArray(block.content)
      ? block.content.reduce<number>((n, part) => n + marked(part), 0)
      : 0;
  return (present(block.cache_control) ? 1 : 0) + nested;
}

/**
 * At most four breakpoints: verbatim "A maximum of 4 blocks with cache_control may be provided. Found 5."
 * (tghamm/Anthropic.SDK#50). A top-level `cache_control` ("automatically applies a cache_control marker to the last
 * cacheable block", SDK `MessageCreateParamsBase.cache_control`) counts as one of them. A local compatible server
 * ignores block markers. Returns the top-level marker's TTL.
 */
export function checkBreakpoints(
  body: JsonObject,
  system: readonly JsonObject[],
  tools: readonly JsonObject[],
  messages: readonly RequestMessage[],
  profile: ModelProfile,
): '5m' | '1h' | undefined {
  checkCacheControl(body.cache_control, 'cache_control');
  const topLevel = isObject(body.cache_control) ? body.cache_control : undefined;
  if (profile.kind === 'compatible') return undefined;
  const found =
    (topLevel ? 1 : 0) +
    [...tools, ...system, ...messages.flatMap((message) => message.content)].reduce((n, block) => n + marked(block), 0);
  if (found > 4) invalid(`A maximum of 4 blocks with cache_control may be provided. Found ${found}.`);
  if (!topLevel) return undefined;
  return topLevel.ttl === '1h' ? '1h' : '5m';
}
