// The settings form's draft (what the fields hold, as typed) and its validation. Checked before saving so the person
// sees what is wrong next to the field, instead of the store silently putting a default back.

import {
  type AgentSettings,
  type AutonomyMode,
  DEFAULT_MODEL,
  EFFORT_LEVELS,
  type Effort,
  type EndTabAction,
  normalizeSiteEntry,
  TASK_COST_LIMIT,
  type VerifyMode,
} from '../agent';
import { t } from './i18n';

export interface SettingsDraft {
  apiKey: string;
  baseUrl: string;
  model: string;
  maxSteps: string;
  effort: Effort;
  modelTimeoutSec: string;
  /** US dollars, as typed ("1.50"). */
  maxTaskCostUsd: string;
  verifyMode: VerifyMode;
  noProgressDetection: boolean;
  autoRepair: boolean;
  tabStickiness: boolean;
  vision: boolean;
  allowScript: boolean;
  endOfTaskTabs: EndTabAction;
  autonomy: AutonomyMode;
  /** One site per line, as typed. */
  allowedSites: string;
  blockedSites: string;
}

export type DraftField = keyof SettingsDraft;
/** Localised messages, one per invalid field. */
export type DraftErrors = Partial<Record<DraftField, string>>;

export type Validated = { ok: true; patch: Partial<AgentSettings> } | { ok: false; errors: DraftErrors };

/** The bounds settings.ts enforces; kept equal to its schema. */
export const LIMITS = {
  maxSteps: { min: 1, max: 500 },
  modelTimeoutSec: { min: 1, max: 600 },
  maxTaskCostUsd: { min: TASK_COST_LIMIT.min, max: TASK_COST_LIMIT.max },
} as const;

/** Whole cents show with two decimals ("1.00"); an amount set finer than that elsewhere shows as it is. */
function moneyDraft(amount: number): string {
  return Number.isInteger(Math.round(amount * 1e6) / 1e4) ? amount.toFixed(2) : String(amount);
}

export function draftOf(settings: AgentSettings): SettingsDraft {
  return {
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    model: settings.model,
    maxSteps: String(settings.maxSteps),
    effort: settings.effort,
    modelTimeoutSec: String(settings.modelTimeoutSec),
    maxTaskCostUsd: moneyDraft(settings.maxTaskCostUsd),
    verifyMode: settings.verifyMode,
    noProgressDetection: settings.noProgressDetection,
    autoRepair: settings.autoRepair,
    tabStickiness: settings.tabStickiness,
    vision: settings.vision,
    allowScript: settings.allowScript,
    endOfTaskTabs: settings.endOfTaskTabs,
    autonomy: settings.autonomy,
    allowedSites: settings.allowedSites.join('\n'),
    blockedSites: settings.blockedSites.join('\n'),
  };
}

/** The entries of a site list, normalised and without repeats, or a message naming every line that is not a site. */
export function checkSites(text: string): string[] | string {
  const entries: string[] = [];
  const invalid: string[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const entry = normalizeSiteEntry(line);
    if (entry) entries.push(entry);
    else invalid.push(t('errSiteLine', line, index + 1));
  }
  return invalid.length > 0 ? t('errSites', invalid.join(t('listSeparator'))) : [...new Set(entries)];
}

function checkUrl(raw: string): string | null {
  if (raw === '') return t('errBaseUrlEmpty');
  try {
    const url = new URL(raw);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '') return null;
  } catch {
    // Not a URL at all: same message as a URL of the wrong kind.
  }
  return t('errBaseUrl');
}

function checkCount(raw: string, { min, max }: { min: number; max: number }): number | string {
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isInteger(value) && value >= min && value <= max ? value : t('errRange', min, max);
}

/** An amount of US dollars within the bounds: digits with an optional decimal point, nothing else (no sign, no "$"). */
function checkMoney(raw: string, { min, max }: { min: number; max: number }): number | string {
  const value = /^(\d+(\.\d*)?|\.\d+)$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isFinite(value) && value >= min && value <= max
    ? value
    : t('errMoneyRange', min.toFixed(2), max.toFixed(2));
}

export function validateDraft(draft: SettingsDraft): Validated {
  const errors: DraftErrors = {};
  const apiKey = draft.apiKey.trim();
  if (/\s/.test(apiKey)) errors.apiKey = t('errApiKeySpaces');
  const baseUrl = draft.baseUrl.trim();
  const urlError = checkUrl(baseUrl);
  if (urlError) errors.baseUrl = urlError;
  const model = draft.model.trim();
  if (model === '') errors.model = t('errModel', DEFAULT_MODEL);
  const maxSteps = checkCount(draft.maxSteps.trim(), LIMITS.maxSteps);
  if (typeof maxSteps === 'string') errors.maxSteps = maxSteps;
  // A select offers only the levels, but a draft is plain data: an unknown level is refused, never saved.
  if (!EFFORT_LEVELS.includes(draft.effort)) errors.effort = t('errEffort');
  const modelTimeoutSec = checkCount(draft.modelTimeoutSec.trim(), LIMITS.modelTimeoutSec);
  if (typeof modelTimeoutSec === 'string') errors.modelTimeoutSec = modelTimeoutSec;
  const maxTaskCostUsd = checkMoney(draft.maxTaskCostUsd.trim(), LIMITS.maxTaskCostUsd);
  if (typeof maxTaskCostUsd === 'string') errors.maxTaskCostUsd = maxTaskCostUsd;
  const allowedSites = checkSites(draft.allowedSites);
  if (typeof allowedSites === 'string') errors.allowedSites = allowedSites;
  const blockedSites = checkSites(draft.blockedSites);
  if (typeof blockedSites === 'string') errors.blockedSites = blockedSites;
  if (
    typeof maxSteps === 'string' ||
    typeof modelTimeoutSec === 'string' ||
    typeof maxTaskCostUsd === 'string' ||
    typeof allowedSites === 'string' ||
    typeof blockedSites === 'string' ||
    Object.keys(errors).length > 0
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    patch: {
      apiKey,
      baseUrl,
      model,
      maxSteps,
      effort: draft.effort,
      modelTimeoutSec,
      maxTaskCostUsd,
      verifyMode: draft.verifyMode,
      noProgressDetection: draft.noProgressDetection,
      autoRepair: draft.autoRepair,
      tabStickiness: draft.tabStickiness,
      vision: draft.vision,
      allowScript: draft.allowScript,
      endOfTaskTabs: draft.endOfTaskTabs,
      autonomy: draft.autonomy,
      allowedSites,
      blockedSites,
    },
  };
}
