// Finding the profile a request's `model` names, and the model check of preserved thinking.

import { CATALOGUE, COMPATIBLE } from './catalogue';
import type { ModelProfile } from './profile-types';
import { notFound } from './schema';

const BY_NAME = new Map<string, ModelProfile>();
for (const profile of CATALOGUE) {
  BY_NAME.set(profile.id, profile);
  for (const alias of profile.aliases) BY_NAME.set(alias, profile);
}

/** The profile for a model id or alias; undefined for an unknown `claude-` id. */
export function findProfile(model: string): ModelProfile | undefined {
  if (!model.startsWith('claude-')) return COMPATIBLE;
  return BY_NAME.get(model);
}

/** The profile, or the API's 404 for an unknown model: `model: <name as sent>` (anthropics/claude-code#9243). */
export function requireProfile(model: string): ModelProfile {
  const profile = findProfile(model);
  if (!profile) notFound(`model: ${model}`);
  return profile;
}

/** The name a response reports: the canonical id for an Anthropic model, the name as sent for a local one. */
export function servedModel(profile: ModelProfile, requested: string): string {
  return profile.kind === 'compatible' ? requested : profile.id;
}

/**
 * "Each model reads its own thinking blocks and those of a fixed set of other models. [...] If the current model can't
 * read a block, the API drops it from that request without an error."
 * (https://platform.claude.com/docs/en/build-with-claude/preserved-thinking)
 */
export function canRead(reader: ModelProfile, producer: string): boolean {
  return reader.id === producer || reader.reads.includes(producer);
}
