// The agent core's public surface: the only way the rest of the panel reaches it (test/support/architecture.ts
// enforces it). Unit tests of the core import its modules directly.

export { type ConnectionResult, checkConnection } from './connection';
export { CONSENT_DECISIONS, type ConsentBy, type ConsentDecision } from './consent';
export { AgentController, type AgentControllerDeps, type TaskOptions, type TaskTabsOptions } from './controller';
export { moneyDigits } from './cost-cap';
export type {
  AgentEvent,
  AgentEventListener,
  CallOutcome,
  CostLimitDetails,
  DoneEvidence,
  StopCause,
  TaskResult,
  TaskStatus,
  Verification,
} from './events';
export { STOP_TEXT } from './events';
export {
  type AttachedFileInfo,
  attachmentsNote,
  type DownloadReport,
  type DownloadState,
  describeSize,
  type FetchConsent,
  MAX_FILE_BYTES,
  type TaskFiles,
} from './files';
export { createAnthropicModel, type ModelClientOptions } from './llm';
export { ModelError, type ModelFailureKind } from './llm-errors';
export type { TaskMetrics } from './metrics';
export type {
  AgentModel,
  MessageParam,
  ModelCallOptions,
  ModelRequest,
  ModelToolCall,
  ModelTurn,
  RefusalDetails,
  TokenUsage,
} from './model';
export type { BlockedNavigation, NetRulesPort } from './net-hold';
export type { HoldRule } from './net-hold-rules';
export {
  allText,
  latestPage,
  parseControl,
  readObservation,
  type SeenControl,
  type SeenPage,
  type SeenTab,
} from './observation-reader';
export { type PlanAnswer, type PlanEdits, type PlannedChange, siteCovers, type TaskPlan } from './plan';
export type {
  AgentPage,
  AgentTabs,
  Navigation,
  NavigationMark,
  NavigationOutcome,
  OwnedTab,
  TabSnapshot,
  UrlSettleResult,
} from './ports';
export { PRICES_AS_OF, requestCost } from './prices';
export { OBSERVATION_LINE, SYSTEM_PROMPT, UNTRUSTED_BEGIN, UNTRUSTED_END } from './prompt';
export {
  type AgentSettings,
  AUTONOMY_MODES,
  type AutonomyMode,
  DEFAULT_MODEL,
  DEFAULT_SETTINGS,
  EFFORT_LEVELS,
  type Effort,
  END_TAB_ACTIONS,
  type EndTabAction,
  migrateSettings,
  OUTPUT_TOKENS_FOR,
  SETTINGS_VERSION,
  TASK_COST_LIMIT,
  VERIFY_MODES,
  type VerifyMode,
  withSettings,
} from './settings';
export { type DecidedBy, SiteAccess, type SiteAction, type SiteDecision, type SiteReason } from './site-access';
export { normalizeSiteEntry, normalizeSiteList } from './site-rules';
export { type Clock, realSleep, type Sleep, systemClock, systemTimers, type Timers } from './time';
export type { CapturedImage, CaptureFn } from './tools/types';
