// Rules on the request as a whole: the body, required fields, which top-level fields exist (and which need a beta),
// max_tokens, and sampling parameters.

import { BETA } from './betas';
import { isObject, type JsonObject } from './json';
import type { ModelProfile } from './profile-types';
import type { Endpoint } from './request-types';
import {
  extraInputs,
  invalid,
  notModelled,
  present,
  required,
  requireInt,
  requireList,
  requireNumber,
  requireObject,
  requireString,
} from './schema';

/**
 * The body as a JSON object. The real API quotes its parser's error ("The request body is not valid JSON: no low
 * surrogate in string: line 1 column 98338 (char 98337)", anthropics/claude-code#6990); the detail here is V8's.
 */
export function parseBody(rawBody: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch (error) {
    invalid(`The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(parsed)) invalid('Input should be a valid dictionary');
  return parsed;
}

/** `model`, `max_tokens` (messages only) and `messages`: verbatim "<field>: Field required". */
export function checkRequired(body: JsonObject, endpoint: Endpoint): string {
  const model = requireString(required(body, 'model', ''), 'model');
  if (endpoint === 'messages') required(body, 'max_tokens', '');
  requireList(required(body, 'messages', ''), 'messages');
  return model;
}

// Fields of `MessageCreateParamsBase` / `MessageCountTokensParams` in @anthropic-ai/sdk 1.12
// (src/resources/messages/messages.ts), plus the sampling parameters the API still answers with its own 400s.
const CREATE_FIELDS = [
  'max_tokens',
  'messages',
  'model',
  'cache_control',
  'container',
  'diagnostics',
  'inference_geo',
  'metadata',
  'output_config',
  'service_tier',
  'speed',
  'stop_sequences',
  'stream',
  'system',
  'temperature',
  'thinking',
  'tool_choice',
  'tools',
  'top_k',
  'top_p',
  'user_profile_id',
  'workspace_id',
];
const COUNT_FIELDS = [
  'messages',
  'model',
  'cache_control',
  'output_config',
  'speed',
  'system',
  'thinking',
  'tool_choice',
  'tools',
];

/** Beta-only fields (src/resources/beta/messages/messages.ts) and the `anthropic-beta` values that unlock them. */
const BETA_FIELDS: Record<string, { endpoints: readonly Endpoint[]; betas: readonly string[] }> = {
  context_management: { endpoints: ['messages', 'count_tokens'], betas: [BETA.contextManagement, BETA.compact] },
  compaction: { endpoints: ['messages', 'count_tokens'], betas: [BETA.compactOnDemand] },
  mcp_servers: {
    endpoints: ['messages', 'count_tokens'],
    betas: ['mcp-client-2025-04-04', 'mcp-client-2025-11-20', 'mcp-client-2026-09-15'],
  },
  output_format: { endpoints: ['messages', 'count_tokens'], betas: ['structured-outputs-2025-11-13'] },
  billing_policy: { endpoints: ['messages', 'count_tokens'], betas: ['user-profiles-billing-2026-10-01'] },
  fallbacks: { endpoints: ['messages'], betas: ['server-side-fallback-2026-06-01', 'server-side-fallback-2026-07-01'] },
  fallback_credit_token: {
    endpoints: ['messages'],
    betas: ['fallback-credit-2026-06-01', 'fallback-credit-2026-07-01'],
  },
  thread: { endpoints: ['messages'], betas: ['message-threads-2026-08-12'] },
};

/** Accepted by the API, changing nothing the stand-in plays (or only things it cannot play). */
const UNMODELLED = [
  'container',
  'diagnostics',
  'user_profile_id',
  ...Object.keys(BETA_FIELDS).filter((f) => f !== 'context_management'),
];

/**
 * What an Anthropic-compatible local server takes; anything else is refused as "Extra inputs are not permitted"
 * (https://docs.ollama.com/api/anthropic-compatibility lists these; llama.cpp's tools/server/README.md likewise).
 */
const COMPATIBLE_FIELDS = [
  'model',
  'max_tokens',
  'messages',
  'system',
  'tools',
  'tool_choice',
  'stream',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'metadata',
  'thinking',
];

/**
 * Unknown fields, and beta fields sent without their beta, are "<field>: Extra inputs are not permitted" (verbatim,
 * e.g. "context_management: Extra inputs are not permitted", Wei-Shaw/claude-relay-service#815).
 */
export function checkTopLevelFields(
  body: JsonObject,
  endpoint: Endpoint,
  profile: ModelProfile,
  betas: ReadonlySet<string>,
): void {
  for (const key of Object.keys(body)) {
    if (profile.kind === 'compatible') {
      if (!COMPATIBLE_FIELDS.includes(key)) extraInputs(key);
      continue;
    }
    const gate = BETA_FIELDS[key];
    const known = (endpoint === 'messages' ? CREATE_FIELDS : COUNT_FIELDS).includes(key);
    const unlocked = gate?.endpoints.includes(endpoint) && gate.betas.some((beta) => betas.has(beta));
    if (!known && !unlocked) extraInputs(key);
    if (UNMODELLED.includes(key) && present(body[key])) notModelled(key);
  }
  if (present(body.speed) && body.speed !== 'standard') notModelled('speed');
  if (present(body.stream) && typeof body.stream !== 'boolean') invalid('stream: Input should be a valid boolean');
  if (present(body.metadata)) {
    const metadata = requireObject(body.metadata, 'metadata');
    for (const key of Object.keys(metadata)) if (key !== 'user_id') extraInputs(`metadata.${key}`);
  }
  if (present(body.stop_sequences)) {
    for (const [i, seq] of requireList(body.stop_sequences, 'stop_sequences').entries()) {
      requireString(seq, `stop_sequences.${i}`);
    }
  }
}

/**
 * `max_tokens` within the model's cap, in the verbatim shape "max_tokens: 128001 > 64000, which is the maximum allowed
 * number of output tokens for claude-opus-4-5-20251101" (anthropics/claude-code#24451).
 */
export function checkMaxTokens(body: JsonObject, profile: ModelProfile, endpoint: Endpoint): number | undefined {
  if (endpoint === 'count_tokens' && !present(body.max_tokens)) return undefined;
  const maxTokens = requireInt(body.max_tokens, 'max_tokens', 1);
  if (maxTokens > profile.maxTokens) {
    invalid(
      `max_tokens: ${maxTokens} > ${profile.maxTokens}, which is the maximum allowed number of output tokens for ${profile.id}`,
    );
  }
  return maxTokens;
}

/**
 * Sampling parameters. 5.x: "Setting temperature, top_p, or top_k to any non-default value [...] returns a 400 error"
 * (https://platform.claude.com/docs/en/about-claude/models/migration-guide), worded "`temperature` is deprecated for
 * this model." as seen live (github/app#2574); the top_p/top_k sentences are composed alike. 4.5+: the verbatim
 * "`temperature` and `top_p` cannot both be specified for this model. Please use only one." (ChatterUI#564). With
 * thinking on (https://platform.claude.com/docs/en/build-with-claude/extended-thinking#feature-compatibility), the
 * temperature and top_p texts as catalogued by third parties (OpenGlasses ProviderRejectionTests.swift), top_k composed.
 */
export function checkSampling(body: JsonObject, profile: ModelProfile, thinkingOn: boolean): void {
  const temperature = present(body.temperature) ? requireNumber(body.temperature, 'temperature', 0, 1) : undefined;
  const topP = present(body.top_p) ? requireNumber(body.top_p, 'top_p', 0, 1) : undefined;
  const topK = present(body.top_k) ? requireInt(body.top_k, 'top_k', 0) : undefined;
  if (profile.samplingRefused) {
    if (temperature !== undefined && temperature !== 1) invalid('`temperature` is deprecated for this model.');
    if (topP !== undefined) invalid('`top_p` is deprecated for this model.');
    if (topK !== undefined) invalid('`top_k` is deprecated for this model.');
  }
  if (profile.samplingExclusive && temperature !== undefined && topP !== undefined) {
    invalid('`temperature` and `top_p` cannot both be specified for this model. Please use only one.');
  }
  if (thinkingOn && profile.kind === 'standard') {
    if (temperature !== undefined && temperature !== 1)
      invalid('`temperature` may only be set to 1 when thinking is enabled.');
    if (topP !== undefined) invalid('`top_p` must be unset when thinking is enabled.');
    if (topK !== undefined) invalid('`top_k` must be unset when thinking is enabled.');
  }
}
