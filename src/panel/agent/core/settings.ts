// The agent's settings: typed defaults, a version, and one migration entry point that turns whatever is in storage
// (an older version, a partial object, garbage) into a complete, valid AgentSettings. The switches are the
// rollback levers (docs/contracts.md 002-9): each can be turned off without a release.

import { z } from 'zod';
import { normalizeSiteList } from './site-rules';

/**
 * 2 added the site lists (decision 0010); 3 replaced the raw output budget (`maxOutputTokens`) with an effort level
 * the budget is derived from (decision 0012). Older objects migrate as they are: missing fields take their default,
 * the dropped field is ignored. A field added with a default (`modelTimeoutSec`, `maxTaskCostUsd`) needs no new
 * version: the schema fills it in for any older object.
 */
export const SETTINGS_VERSION = 3;

/**
 * Newest Sonnet in the SDK's own `Model` list (node_modules/@anthropic-ai/sdk, resources/messages). Editable in
 * settings; the SDK prints a deprecation warning for claude-sonnet-4-5, so that one is never a default.
 */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

export const VERIFY_MODES = ['strict', 'lenient', 'off'] as const;
export type VerifyMode = (typeof VERIFY_MODES)[number];

/**
 * How hard the model thinks before it acts (`output_config.effort`,
 * https://platform.claude.com/docs/en/build-with-claude/effort). A browser step is a short decision made many times
 * over, so medium is the default: high doubles the thinking of every step for little gain on routine pages.
 */
export const EFFORT_LEVELS = ['low', 'medium', 'high'] as const;
export type Effort = (typeof EFFORT_LEVELS)[number];

/**
 * Output room per model call, by effort. Thinking counts toward `max_tokens`
 * (https://platform.claude.com/docs/en/build-with-claude/thinking), so the room must hold the reasoning as well as
 * the tool calls; 2,048 cut tool calls in half on today's thinking models.
 */
export const OUTPUT_TOKENS_FOR: Record<Effort, number> = { low: 8_192, medium: 16_384, high: 32_768 };

/** How many tasks a panel runs at once; more wait in its queue (decision 0029). */
export const TASKS_AT_ONCE = { min: 1, max: 10, default: 3 } as const;

/** The per-task cost limit's bounds and default, in USD (decision 0017). */
export const TASK_COST_LIMIT = { min: 0.01, max: 100, default: 1 } as const;

export const END_TAB_ACTIONS = ['keep', 'ungroup', 'close'] as const;
/** What happens to the tabs the agent opened when a run ends: keep the `Task(<id>)` group, ungroup, or close. */
export type EndTabAction = (typeof END_TAB_ACTIONS)[number];

export const AUTONOMY_MODES = ['ask_first', 'act'] as const;
/** "Ask before acting" or "Act without asking" (decision 0026). */
export type AutonomyMode = (typeof AUTONOMY_MODES)[number];

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
  /** How hard the model thinks; the output budget per call follows from it (OUTPUT_TOKENS_FOR). */
  effort: z.enum(EFFORT_LEVELS).catch('medium'),
  /** Seconds to wait for the model's answer to start, and then for each next part of its stream, before a retry. */
  modelTimeoutSec: z.number().int().min(1).max(600).catch(120),
  /**
   * USD a task may spend on model requests, follow-ups included (decision 0017): a request that would take the task
   * past it is not sent, and the task ends `cost_limit`. Not applied to a model the price table does not know.
   */
  maxTaskCostUsd: z.number().min(TASK_COST_LIMIT.min).max(TASK_COST_LIMIT.max).catch(TASK_COST_LIMIT.default),
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
  /** Tasks the panel runs side by side; a task asked for beyond them waits its turn (decision 0029). */
  tasksAtOnce: z.number().int().min(TASKS_AT_ONCE.min).max(TASKS_AT_ONCE.max).catch(TASKS_AT_ONCE.default),
  /** Sites the agent may work on without asking: origins, hosts, or `*.example.com`. */
  allowedSites: siteList,
  /** Sites the agent never works on; they win over the allow-list. */
  blockedSites: siteList,
  /**
   * Sites where consequential steps (paying, posting, signing in, deleting: src/shared/consent-types.ts) run without
   * asking the person first (decision 0026). The site gate still applies.
   */
  actWithoutAskingSites: siteList,
  /**
   * `ask_first`: the model proposes a short plan (the sites it needs, what it will change) that the person approves
   * or edits before anything happens; `act`: it acts at once, and the consent gate still asks before consequential
   * steps the plan did not name (decision 0026).
   */
  autonomy: z.enum(AUTONOMY_MODES).catch('act'),
  /**
   * "Ask before acting for other agents" (issue 29): every consequential step of a task another agent handed over MCP
   * waits for the person's yes in the panel, whatever `autonomy`, an approved plan or the act-without-asking list say.
   */
  askBeforeActingForAgents: z.boolean().catch(true),
});

export type AgentSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: AgentSettings = settingsSchema.parse({});

/**
 * Any stored value → complete settings. Fields that are missing or invalid take their default, unknown fields are
 * dropped, so a bad write can never leave the agent without a setting. A later version adds a step here that renames
 * or converts fields (keyed on `stored.version`) before the schema fills in the rest; version 2 only added fields,
 * which the schema fills in, and version 3 dropped `maxOutputTokens` (unknown fields are dropped).
 */
export function migrateSettings(stored: unknown): AgentSettings {
  const raw = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return settingsSchema.parse({ ...raw, version: SETTINGS_VERSION });
}

/** Settings with some fields replaced, validated like stored ones. */
export function withSettings(base: AgentSettings, patch: Partial<AgentSettings>): AgentSettings {
  return migrateSettings({ ...base, ...patch });
}
