// Words for statuses, verification badges and usage, shared by the task card, the history list and the live region.

import type { ActionEffect, HiddenLimit } from '../../shared/page-types';
import { moneyDigits, type TaskMetrics } from '../agent';
import type { CallView, RecordStatus, TaskRecord } from '../store/task-record';
import { uiBrowser } from './browser-port';
import { type MessageKey, t } from './i18n';

const STATUS: Record<RecordStatus, MessageKey> = {
  running: 'statusRunning',
  succeeded: 'statusSucceeded',
  failed: 'statusFailed',
  no_progress: 'statusNoProgress',
  stopped: 'statusStopped',
  max_steps: 'statusMaxSteps',
  cost_limit: 'statusCostLimit',
  error: 'statusError',
  interrupted: 'statusInterrupted',
};

export function statusLabel(status: RecordStatus): string {
  return t(STATUS[status]);
}

export type BadgeKind =
  | 'pending'
  | 'verified'
  | 'unverified'
  | 'rejected'
  | 'accepted'
  | 'error'
  | 'skipped'
  | 'ok'
  | 'in_flight';

export interface Badge {
  kind: BadgeKind;
  text: string;
}

/** The verification badge of one tool call: what the harness checked, not what the model claimed. */
export function callBadge(call: CallView): Badge {
  const reason = call.verification?.reason ?? call.summary;
  const unverified = (): Badge => ({
    kind: 'unverified',
    text: reason ? t('badgeUnverifiedReason', reason) : t('badgeUnverified'),
  });
  switch (call.outcome) {
    case undefined:
      return { kind: 'pending', text: t('badgePending') };
    case 'done_rejected':
      return { kind: 'rejected', text: t('badgeDoneRejected') };
    case 'done_accepted':
      return { kind: 'accepted', text: t('badgeDoneAccepted') };
    case 'skipped':
      return { kind: 'skipped', text: t('badgeSkipped') };
    case 'stopped_in_flight':
      return { kind: 'in_flight', text: t('badgeStoppedInFlight') };
    case 'execute_error':
    case 'invalid_input':
    case 'unknown_tool':
      return { kind: 'error', text: t('badgeError') };
    case 'failed_verify':
      return unverified();
    case 'ok':
      if (!call.verification) return { kind: 'ok', text: t('badgeOk') };
      return call.verification.verified ? { kind: 'verified', text: t('badgeVerified') } : unverified();
  }
}

/**
 * The language of the strings around: the catalogue's own `htmlLang`, refined by the browser's UI language when both
 * name the same language (en-GB writes dates its own way). The catalogue wins where they differ: in the real side
 * panel of a browser started with --lang=zh-CN, chrome.i18n.getUILanguage() answers en-US while the messages are
 * Chinese (seen in test/e2e/panel-room-zh.e2e.ts), and numbers, endings and dates must follow the messages.
 */
export function uiLocale(): string | undefined {
  const catalogue = t('htmlLang');
  const browser = uiBrowser().uiLanguage();
  if (catalogue === 'htmlLang' || !catalogue) return browser || undefined;
  const primary = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];
  return browser && primary(browser) === primary(catalogue) ? browser : catalogue;
}

const count = (n: number) => n.toLocaleString(uiLocale());

/**
 * "≈ 0.0123 USD", or that the price of this model is not known (never $0: the offline demo alone costs nothing). A
 * record kept before the cost could be unknown may lack it; that reads as unknown too.
 */
export function formatCost(costUsd: number | null | undefined): string {
  if (typeof costUsd !== 'number' || !Number.isFinite(costUsd)) return t('costUnknown');
  return t('costUsd', costUsd < 0.01 && costUsd > 0 ? costUsd.toFixed(4) : costUsd.toFixed(2));
}

/**
 * An amount of money in US dollars as the person's language writes it ("$0.48", "US$0.48"), with two decimals, or
 * four under a cent like formatCost; more when fewer would make it read as `beside` (moneyDigits).
 */
export function formatUsd(amount: number, beside?: number): string {
  const digits = moneyDigits(amount, beside);
  return amount.toLocaleString(uiLocale(), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

export function tokensIn(metrics: TaskMetrics): number {
  const { input, cacheRead, cacheWrite } = metrics.tokens;
  return input + cacheRead + cacheWrite;
}

/** "1 step", "4 steps": chrome.i18n has no plural rules, so the singular has a message of its own. */
export function stepCount(steps: number): string {
  return steps === 1 ? t('stepCountOne') : t('stepCount', count(steps));
}

/** "4 steps · 12,345 tokens in · 678 out · ≈ 0.05 USD" */
export function usageLine(metrics: TaskMetrics): string {
  return usageLineWith(metrics, formatCost(metrics.costUsd));
}

function usageLineWith(metrics: TaskMetrics, cost: string): string {
  return t('usageLine', stepCount(metrics.steps), count(tokensIn(metrics)), count(metrics.tokens.output), cost);
}

/** Stands for the cost while the usage line is cut around it: a private-use character, which no message contains. */
const COST_SLOT = '\uE000';

/**
 * The usage line in three parts, the cost in the middle, so a view can mark the cost up on its own while the line
 * keeps the word order of the person's language.
 */
export function usageParts(metrics: TaskMetrics): { before: string; cost: string; after: string } {
  const line = usageLineWith(metrics, COST_SLOT);
  const at = line.indexOf(COST_SLOT);
  const cost = formatCost(metrics.costUsd);
  if (at < 0) return { before: line, cost, after: '' };
  return { before: line.slice(0, at), cost, after: line.slice(at + COST_SLOT.length) };
}

const CAUSE: Record<NonNullable<TaskRecord['stopCause']>, MessageKey> = {
  person: 'summaryStoppedByYou',
  tab_closed: 'summaryTabClosed',
  origin_changed: 'summaryOriginChanged',
  restricted: 'summaryRestricted',
  tab_taken: 'summaryTabTaken',
};

const MODEL_FAILURE: Record<NonNullable<TaskRecord['errorKind']>, MessageKey> = {
  auth: 'errorAuth',
  billing: 'errorBilling',
  spend_limit: 'errorSpendLimit',
  bad_request: 'errorBadRequest',
  not_found: 'errorNotFound',
  rate_limited: 'errorRateLimited',
  overloaded: 'errorOverloaded',
  server: 'errorServer',
  network: 'errorNetwork',
  stream_cut: 'errorStreamCut',
};

const ENDING: Partial<Record<RecordStatus, MessageKey>> = {
  no_progress: 'summaryNoProgress',
  max_steps: 'summaryMaxSteps',
  interrupted: 'interruptedNote',
};

/**
 * How the task ended, in the person's language. The agent writes its summaries in English (the stop texts of
 * docs/contracts.md 000-D4 among them, kept word for word); in another language the endings the harness decides get
 * their translation, and the agent's own sentence moves to the task's Details (endingDetail), so the main view has no
 * English left. A refusal is one of those: the agent's sentence quotes what the API said. A summary the model wrote
 * (a failure it explained) stays as it is.
 */
export function summaryText(record: TaskRecord): string {
  const summary = record.summary ?? '';
  if (record.status === 'interrupted') return t('interruptedNote');
  if (record.status === 'cost_limit' && record.costLimit && !uiLocale()?.startsWith('en')) {
    return costLimitText(record.costLimit);
  }
  const key = endingKey(record);
  if (!key || uiLocale()?.startsWith('en')) return summary;
  return t(key);
}

/** The agent's own English sentence of an ending summaryText translated, for the task's Details; else undefined. */
export function endingDetail(record: TaskRecord): string | undefined {
  const summary = record.summary ?? '';
  if (!summary || record.status === 'interrupted' || uiLocale()?.startsWith('en')) return undefined;
  if (record.status === 'cost_limit' && record.costLimit) return undefined;
  return endingKey(record) ? summary : undefined;
}

/**
 * The cost limit's ending with its money in the person's language: the translation carries everything the agent's
 * sentence says, so that sentence is not repeated after it.
 */
export function costLimitText({ limitUsd, spentUsd }: NonNullable<TaskRecord['costLimit']>): string {
  const spent = formatUsd(spentUsd, limitUsd);
  return spentUsd < limitUsd
    ? t('summaryCostLimit', spent, formatUsd(limitUsd))
    : t('summaryCostLimitOver', spent, formatUsd(limitUsd));
}

function endingKey(record: TaskRecord): MessageKey | undefined {
  if (record.status === 'stopped' && record.stopCause === 'person' && stoppedInFlight(record)) {
    return 'summaryStoppedInFlight';
  }
  if (record.status === 'stopped' && record.stopCause) return CAUSE[record.stopCause];
  if (record.status === 'error' && record.errorKind) return MODEL_FAILURE[record.errorKind];
  if (record.status === 'failed' && record.refusal) return 'summaryRefused';
  return ENDING[record.status];
}

/** Stop caught an action on its way to the page (its call reads `stopped_in_flight`): it may have happened. */
function stoppedInFlight(record: TaskRecord): boolean {
  return record.steps.some((step) => step.calls.some((call) => call.outcome === 'stopped_in_flight'));
}

const EFFECT: Record<ActionEffect, MessageKey> = {
  navigation: 'effectNavigation',
  dom_change: 'effectDomChange',
  focus_change: 'effectFocusChange',
  state_change: 'effectStateChange',
  value_change: 'effectValueChange',
  scroll: 'effectScroll',
  new_window: 'effectNewWindow',
  none: 'effectNone',
};

/** Whether the action's result line is described by the effects the page showed (in the person's language). */
function byEffects(call: CallView): boolean {
  return call.outcome === 'ok' && call.verification?.verified === true && (call.verification.effects ?? []).length > 0;
}

/**
 * The result line of an action. A verified action is described by the effects the page showed, in the person's
 * language; anything else (an error, a refusal, a rejected done) keeps the agent's own sentence, which says why. In
 * another language than English a plain success has no line: the agent's sentence is English, and the badge says it
 * went well.
 */
export function resultText(call: CallView): string | undefined {
  const hidden = call.verification?.hidden;
  const line = actionLine(call);
  if (!hidden) return line;
  // A hidden tab kept the page from answering: the person is told what they can do about it.
  const note = t(HIDDEN[hidden]);
  return line ? `${line} ${note}` : note;
}

function actionLine(call: CallView): string | undefined {
  if (byEffects(call)) {
    const effects = call.verification?.effects ?? [];
    return t('resultEffects', effects.map((effect) => t(EFFECT[effect])).join(t('listSeparator')));
  }
  if (call.outcome === 'ok' && !call.verification && !uiLocale()?.startsWith('en')) return undefined;
  return call.summary;
}

const HIDDEN: Record<HiddenLimit, MessageKey> = {
  animation: 'resultHiddenAnimation',
  intersection: 'resultHiddenIntersection',
};

/** The language of the result line when it is the agent's own (English) sentence in another UI language. */
export function resultLang(call: CallView): 'en' | undefined {
  return byEffects(call) || uiLocale()?.startsWith('en') ? undefined : 'en';
}
