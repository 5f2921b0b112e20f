// The settings form's draft (what the fields hold, as typed) and its validation. Checked before saving so the person
// sees what is wrong next to the field, instead of the store silently putting a default back.

import {
  type AgentSettings,
  type AutonomyMode,
  DEFAULT_MODEL,
  DEFAULT_SETTINGS,
  EFFORT_LEVELS,
  type Effort,
  type EndTabAction,
  normalizeSiteEntry,
  TASK_COST_LIMIT,
  TASKS_AT_ONCE,
  type VerifyMode,
} from '../../agent';
import { t } from '../i18n';

export interface SettingsDraft {
  apiKey: string;
  baseUrl: string;
  model: string;
  maxSteps: string;
  /** How many tasks run at once; more wait in a queue. */
  tasksAtOnce: string;
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
  askBeforeActingForAgents: boolean;
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
  tasksAtOnce: { min: TASKS_AT_ONCE.min, max: TASKS_AT_ONCE.max },
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
    tasksAtOnce: String(settings.tasksAtOnce),
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
    askBeforeActingForAgents: settings.askBeforeActingForAgents,
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

/** A field's check: the settings it saves, or the message to show next to it. */
export type FieldCheck = { ok: true; patch: Partial<AgentSettings> } | { ok: false; error: string };

const valid = (patch: Partial<AgentSettings>): FieldCheck => ({ ok: true, patch });
/** For the fields whose valid value is a number or a list: a string from their check is the message. */
const fromChecked = <K extends keyof AgentSettings>(key: K, value: AgentSettings[K] | string): FieldCheck =>
  typeof value === 'string' ? { ok: false, error: value } : valid({ [key]: value } as Partial<AgentSettings>);

/** Checks one field of the draft on its own: each field is saved as soon as it is valid (settings-view.tsx). */
export function checkField(field: DraftField, draft: SettingsDraft): FieldCheck {
  switch (field) {
    case 'apiKey': {
      const apiKey = draft.apiKey.trim();
      return /\s/.test(apiKey) ? { ok: false, error: t('errApiKeySpaces') } : valid({ apiKey });
    }
    case 'baseUrl': {
      const baseUrl = draft.baseUrl.trim();
      const error = checkUrl(baseUrl);
      return error ? { ok: false, error } : valid({ baseUrl });
    }
    case 'model': {
      const model = draft.model.trim();
      return model === '' ? { ok: false, error: t('errModel', DEFAULT_MODEL) } : valid({ model });
    }
    case 'maxSteps':
      return fromChecked('maxSteps', checkCount(draft.maxSteps.trim(), LIMITS.maxSteps));
    case 'tasksAtOnce':
      return fromChecked('tasksAtOnce', checkCount(draft.tasksAtOnce.trim(), LIMITS.tasksAtOnce));
    case 'effort':
      // A select offers only the levels, but a draft is plain data: an unknown level is refused, never saved.
      return EFFORT_LEVELS.includes(draft.effort)
        ? valid({ effort: draft.effort })
        : { ok: false, error: t('errEffort') };
    case 'modelTimeoutSec':
      return fromChecked('modelTimeoutSec', checkCount(draft.modelTimeoutSec.trim(), LIMITS.modelTimeoutSec));
    case 'maxTaskCostUsd':
      return fromChecked('maxTaskCostUsd', checkMoney(draft.maxTaskCostUsd.trim(), LIMITS.maxTaskCostUsd));
    case 'allowedSites':
      return fromChecked('allowedSites', checkSites(draft.allowedSites));
    case 'blockedSites':
      return fromChecked('blockedSites', checkSites(draft.blockedSites));
    default:
      // Switches and choices: any value the control offers is valid.
      return valid({ [field]: draft[field] } as Partial<AgentSettings>);
  }
}

export const DRAFT_FIELDS = Object.keys(draftOf(DEFAULT_SETTINGS)) as DraftField[];

/** The whole draft checked field by field: every error at once, or the settings it saves. */
export function validateDraft(draft: SettingsDraft, fields: readonly DraftField[] = DRAFT_FIELDS): Validated {
  const errors: DraftErrors = {};
  let patch: Partial<AgentSettings> = {};
  for (const field of fields) {
    const checked = checkField(field, draft);
    if (checked.ok) patch = { ...patch, ...checked.patch };
    else errors[field] = checked.error;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, patch };
}
