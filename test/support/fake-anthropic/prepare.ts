// From a recorded request to what the model reads: the rules, the replayed thinking checks, the view, and the
// context management edits. Shared by POST /v1/messages and POST /v1/messages/count_tokens ("The token counting
// endpoint runs the same check", as third-party guides report it; `context_management` is accepted by both in the SDK).

import { clearThinking, clearToolUses } from './context-edits';
import type { JsonObject } from './json';
import type { ConversationMemory } from './memory';
import type { ModelProfile } from './profile-types';
import type { Endpoint, ValidRequest } from './request-types';
import { invalid } from './schema';
import type { Signer } from './signature';
import { checkReplay, type ReplayResult } from './thinking-replay';
import type { AppliedEdit, ModelView, RecordedRequest } from './types';
import { validate } from './validate';
import { baseView, type InternalView, viewTokens } from './view';

export interface Prepared {
  valid: ValidRequest;
  replay: ReplayResult;
  view: InternalView;
  applied: AppliedEdit[];
  /** Tokens before the edits ("The original token count before context management was applied"). */
  originalTokens: number;
}

export function asModelView(view: InternalView): ModelView {
  return view as unknown as ModelView;
}

/** Runs every check and edit; throws the RuleViolation of the first broken rule. Records what it learns on `req`. */
export function prepare(
  req: RecordedRequest,
  endpoint: Endpoint,
  memory: ConversationMemory,
  signer: Signer,
): Prepared {
  const valid = validate(req, endpoint, {
    isContinuation: (blocks: JsonObject[]) => memory.isPaused(blocks),
    onProfile: (profile: ModelProfile) => {
      req.profile = profile.id;
    },
  });
  const replay = checkReplay(valid, memory, signer);
  const view = baseView(valid, replay);
  const originalTokens = viewTokens(view, replay.reasoning);
  const applied: AppliedEdit[] = [];
  for (const edit of valid.edits ?? []) {
    const result =
      edit.type === 'clear_thinking_20251015'
        ? clearThinking(view, edit, replay.reasoning)
        : edit.type === 'clear_tool_uses_20250919'
          ? clearToolUses(view, edit, replay.reasoning)
          : undefined;
    if (result) applied.push(result);
  }
  req.view = asModelView(view);
  if (valid.edits) req.appliedEdits = applied;
  if (valid.betas.has('thinking-binding-controls-2026-08-01') && valid.profile.kind !== 'compatible') {
    req.inputTransformations = replay.transformations;
  }
  return { valid, replay, view, applied, originalTokens };
}

/** Verbatim "prompt is too long: 208310 tokens > 200000 maximum" (anthropics/claude-code#12186). */
export function checkPromptLength(view: InternalView, valid: ValidRequest, reasoning: WeakMap<object, number>): number {
  const tokens = viewTokens(view, reasoning);
  const max = valid.profile.maxInputTokens;
  if (tokens > max) invalid(`prompt is too long: ${tokens} tokens > ${max} maximum`);
  return tokens;
}
