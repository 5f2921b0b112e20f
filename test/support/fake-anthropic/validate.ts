// All request rules in the order the stand-in checks them; the first broken rule answers the request. The body's
// shape comes before per-model semantics, so a malformed field is named before anything that depends on it.

import { checkBetaHeader } from './betas';
import { asBlocks } from './canonical';
import type { JsonObject } from './json';
import type { ModelProfile } from './profile-types';
import { requireProfile } from './profiles';
import type { Endpoint, ValidRequest } from './request-types';
import { checkSystemBlock } from './rules-blocks';
import { checkBreakpoints } from './rules-cache-control';
import { checkContextManagement } from './rules-context-management';
import { checkConversation } from './rules-conversation';
import { checkMessagesSchema } from './rules-messages';
import { checkOutputConfig, resolveThinking } from './rules-thinking-config';
import { checkForcedToolChoice, checkToolChoice, checkTools } from './rules-tools';
import { checkMaxTokens, checkRequired, checkSampling, checkTopLevelFields, parseBody } from './rules-top-level';
import { invalid, present, requireList } from './schema';
import type { RecordedRequest } from './types';

export interface ValidationContext {
  /** Whether a final assistant message is a turn the stand-in paused, sent back to continue it. */
  isContinuation(blocks: JsonObject[]): boolean;
  /** Told the profile as soon as the model is known, so even a refused request records it. */
  onProfile(profile: ModelProfile): void;
}

/**
 * The top-level `system`: a string or text blocks. Empty or blank text is refused as in `messages` (the wording with a
 * `system:` prefix is composed).
 */
function checkSystem(value: unknown): JsonObject[] {
  if (!present(value) || value === '') return [];
  const raw = typeof value === 'string' ? asBlocks(value) : requireList(value, 'system');
  const blocks = raw.map((block, i) => checkSystemBlock(block, `system.${i}`));
  for (const block of blocks) {
    if (block.text === '') invalid('system: text content blocks must be non-empty');
    if (String(block.text).trim() === '') invalid('system: text content blocks must contain non-whitespace text');
  }
  return blocks;
}

export function validate(req: RecordedRequest, endpoint: Endpoint, ctx: ValidationContext): ValidRequest {
  const body = parseBody(req.rawBody);
  const model = checkRequired(body, endpoint);
  const profile = requireProfile(model);
  ctx.onProfile(profile);
  const betas = checkBetaHeader(req.headers['anthropic-beta'], profile);
  checkTopLevelFields(body, endpoint, profile, betas);
  const maxTokens = checkMaxTokens(body, profile, endpoint);
  const system = checkSystem(body.system);
  const messages = checkMessagesSchema(body.messages as unknown[], { profile, betas });
  const tools = checkTools(body.tools);
  const forcedTool = checkToolChoice(body.tool_choice);
  const topLevelCache = checkBreakpoints(body, system, tools, messages, profile);
  const effort = checkOutputConfig(body, profile, betas);
  const thinking = resolveThinking({ body, profile, betas, maxTokens, effort, forcedTool });
  checkSampling(body, profile, thinking.on);
  checkForcedToolChoice(forcedTool, profile, thinking);
  const edits = checkContextManagement(body.context_management, profile, betas, thinking);
  checkConversation(messages, tools, profile, (blocks) => ctx.isContinuation(blocks));
  return {
    endpoint,
    profile,
    model,
    betas,
    isBeta: /(^|&)beta=true(&|$)/.test(req.query) || req.headers['anthropic-beta'] !== undefined,
    stream: body.stream === true,
    maxTokens,
    system,
    tools,
    messages,
    thinking,
    effort,
    forcedTool,
    edits,
    topLevelCache,
    stopSequences: Array.isArray(body.stop_sequences) ? body.stop_sequences.map(String) : [],
  };
}
