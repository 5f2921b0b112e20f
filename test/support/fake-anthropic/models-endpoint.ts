// The Models API (https://platform.claude.com/docs/en/api/models/list, SDK src/resources/models.ts): `ModelInfo` with
// `capabilities`, newest first, paged by after_id / before_id / limit. A local compatible server answers the same
// routes in the OpenAI shape, without capabilities (https://docs.ollama.com/api/anthropic-compatibility).

import { CATALOGUE } from './catalogue';
import { EFFORTS, type ModelProfile } from './profile-types';
import { findProfile } from './profiles';
import { invalid, notFound } from './schema';

const supported = (flag: boolean) => ({ supported: flag });

// Capabilities the stand-in does not play (server tools, structured outputs) are reported unsupported, so a client
// that reads them never sends what the double would refuse as unmodelled.

export function modelInfo(profile: ModelProfile): Record<string, unknown> {
  const cm = profile.contextManagement;
  const effort = Object.fromEntries(EFFORTS.map((level) => [level, supported(profile.efforts.includes(level))]));
  return {
    type: 'model',
    id: profile.id,
    display_name: profile.displayName,
    created_at: profile.createdAt,
    line: profile.line,
    lifecycle: 'active',
    deprecated_at: null,
    retires_at: null,
    max_input_tokens: profile.maxInputTokens,
    max_tokens: profile.maxTokens,
    capabilities: {
      batch: supported(true),
      citations: supported(true),
      code_execution: supported(false),
      context_management: {
        supported: cm.clearToolUses || cm.clearThinking || cm.compact,
        clear_tool_uses_20250919: supported(cm.clearToolUses),
        clear_thinking_20251015: supported(cm.clearThinking),
        compact_20260112: supported(cm.compact),
      },
      effort: { supported: profile.efforts.length > 0, ...effort },
      image_input: supported(true),
      pdf_input: supported(true),
      server_tools: { supported: false, code_execution: supported(false), web_search: supported(false) },
      structured_outputs: supported(false),
      thinking: {
        supported: true,
        types: {
          adaptive: supported(profile.thinkingTypes.adaptive),
          enabled: supported(profile.thinkingTypes.enabled),
          // "True on a model that does not support thinking" (SDK `ThinkingTypes.disabled`): here every model thinks.
          disabled: supported(profile.thinkingTypes.disabled),
          between_tools: supported(profile.thinkingTypes.between_tools),
        },
      },
    },
  };
}

function openAiModel(id: string): Record<string, unknown> {
  return { id, object: 'model', created: 0, owned_by: 'library' };
}

/** `GET /v1/models/{id}`: aliases resolve to the model's id; an unknown `claude-` id is the API's 404. */
export function retrieveModel(id: string): Record<string, unknown> {
  const profile = findProfile(id);
  if (!profile) notFound(`model: ${id}`);
  return profile.kind === 'compatible' ? openAiModel(id) : modelInfo(profile);
}

/** "Defaults to `20`. Ranges from `1` to `1000`." (SDK `ModelListParams`); the errors are composed in pydantic style. */
function limitOf(params: URLSearchParams): number {
  const raw = params.get('limit');
  if (raw === null) return 20;
  const limit = Number(raw);
  if (!Number.isInteger(limit)) invalid('limit: Input should be a valid integer');
  if (limit < 1) invalid('limit: Input should be greater than or equal to 1');
  if (limit > 1000) invalid('limit: Input should be less than or equal to 1000');
  return limit;
}

function indexOf(ids: readonly string[], id: string, param: string): number {
  const index = ids.indexOf(id);
  // Composed: the docs do not give the error for a cursor that names no model.
  if (index < 0) invalid(`${param}: no model with id \`${id}\``);
  return index;
}

/** `GET /v1/models`: "More recently released models are listed first." Defaults to 20 per page, 1 to 1000. */
export function listModels(query: string, localModels: readonly string[] | undefined): Record<string, unknown> {
  if (localModels) return { object: 'list', data: localModels.map(openAiModel) };
  const params = new URLSearchParams(query);
  const limit = limitOf(params);
  const sorted = [...CATALOGUE].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  const ids = sorted.map((profile) => profile.id);
  let start = 0;
  let end = sorted.length;
  const before = params.get('before_id');
  const after = params.get('after_id');
  if (before !== null) {
    end = indexOf(ids, before, 'before_id');
    start = Math.max(0, end - limit);
  } else {
    if (after !== null) start = indexOf(ids, after, 'after_id') + 1;
    end = Math.min(sorted.length, start + limit);
  }
  const page = sorted.slice(start, end);
  const hasMore = before !== null ? start > 0 : end < sorted.length;
  return {
    data: page.map(modelInfo),
    has_more: hasMore,
    first_id: page[0]?.id ?? null,
    last_id: page.at(-1)?.id ?? null,
  };
}
