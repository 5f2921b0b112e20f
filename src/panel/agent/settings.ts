// The agent's settings: typed defaults, a version, and one migration entry point that turns whatever is in storage
// (an older version, a partial object, garbage) into a complete, valid AgentSettings. The switches are the seed's
// rollback levers (seed 002, section 6): each can be turned off without a release.

import { z } from 'zod';
import { normalizeSiteList } from './site-access';

/** 2 added the site lists (decision 0010); a version-1 object migrates as it is, with both lists empty. */
export const SETTINGS_VERSION = 2;

/**
 * Newest Sonnet in the SDK's own `Model` list (node_modules/@anthropic-ai/sdk, resources/messages). Editable in
 * settings; the SDK prints a deprecation warning for claude-sonnet-4-5, so that one is never a default.
 */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

export const VERIFY_MODES = ['strict', 'lenient', 'off'] as const;
export type VerifyMode = (typeof VERIFY_MODES)[number];

export const END_TAB_ACTIONS = ['keep', 'ungroup', 'close'] as const;
/** What happens to the tabs the agent opened when a run ends: keep the `Task(<id>)` group, ungroup, or close. */
export type EndTabAction = (typeof END_TAB_ACTIONS)[number];

/** A list of site entries (site-access.ts): invalid entries are dropped, the rest normalised. */
const siteList = z
  .array(z.unknown())
  .catch([])
  .transform((list) => normalizeSiteList(list));

const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION).catch(SETTINGS_VERSION),
  apiKey: z.string().catch(''),
  baseUrl: z.url({ protocol: /^https?$/ }).catch('https://api.anthropic.com'),
  model: z.string().min(1).catch(DEFAULT_MODEL),
  /** Model calls per instruction (a follow-up gets a fresh budget). */
  maxSteps: z.number().int().min(1).max(500).catch(40),
  /** Output tokens per model call. */
  maxOutputTokens: z.number().int().min(256).max(32_000).catch(2048),
  /** Seconds to wait for the model's answer to start, and then for each next part of its stream, before a retry. */
  modelTimeoutSec: z.number().int().min(1).max(600).catch(120),
  /** strict: done needs confirmed evidence; lenient: unconfirmed done = unverified success; off: no checks. */
  verifyMode: z.enum(VERIFY_MODES).catch('strict'),
  /** Stop repeated actions and A-B-A-B oscillation as `no_progress`. */
  noProgressDetection: z.boolean().catch(true),
  /** Nudge the model after execute_error, failed_verify or no_progress (at most twice per task). */
  autoRepair: z.boolean().catch(true),
  /** Keep acting on the task's tab when the person switches tabs (off: follow the person's active tab). */
  tabStickiness: z.boolean().catch(true),
  /** Offer the screenshot tool, whose image goes to the model. */
  vision: z.boolean().catch(false),
  /** Offer the evaluate tool (runs the model's JavaScript in the page). */
  allowScript: z.boolean().catch(false),
  endOfTaskTabs: z.enum(END_TAB_ACTIONS).catch('keep'),
  /** Sites the agent may work on without asking: origins, hosts, or `*.example.com`. */
  allowedSites: siteList,
  /** Sites the agent never works on; they win over the allow-list. */
  blockedSites: siteList,
});

export type AgentSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: AgentSettings = settingsSchema.parse({});

/**
 * Any stored value → complete settings. Fields that are missing or invalid take their default, unknown fields are
 * dropped, so a bad write can never leave the agent without a setting. A later version adds a step here that renames
 * or converts fields (keyed on `stored.version`) before the schema fills in the rest; version 2 only added fields,
 * which the schema fills in.
 */
export function migrateSettings(stored: unknown): AgentSettings {
  const raw = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return settingsSchema.parse({ ...raw, version: SETTINGS_VERSION });
}

/** Settings with some fields replaced, validated like stored ones. */
export function withSettings(base: AgentSettings, patch: Partial<AgentSettings>): AgentSettings {
  return migrateSettings({ ...base, ...patch });
}
