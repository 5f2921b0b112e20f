// The agent core's public surface: the only way the rest of the panel reaches it (test/support/architecture.ts
// enforces it). Unit tests of the core import its modules directly.

export type {
  AgentPage,
  AgentTabs,
  Navigation,
  NavigationMark,
  NavigationOutcome,
  OwnedTab,
  TabFact,
  TabSnapshot,
  UrlSettleResult,
} from './core/ports';
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
  TASKS_AT_ONCE,
  VERIFY_MODES,
  type VerifyMode,
  withSettings,
} from './core/settings';
export { normalizeSiteEntry, normalizeSiteList } from './core/site-rules';
export { type Clock, realSleep, type Sleep, systemClock, systemTimers, type Timers } from './core/time';
export type {
  AgentModel,
  MessageParam,
  ModelCallOptions,
  ModelRequest,
  ModelToolCall,
  ModelTurn,
  RefusalDetails,
  TokenUsage,
} from './model/agent-model';
export { type ConnectionResult, checkConnection } from './model/connection';
export { createAnthropicModel, type ModelClientOptions } from './model/llm';
export { ModelError, type ModelFailureKind } from './model/llm-errors';
export { emptyMetrics, type TaskMetrics } from './model/metrics';
export { PRICES_AS_OF, requestCost } from './model/prices';
export { REPLAY_MODEL_ID, type ReplayedResult, ReplayModel, type ReplayModelOptions } from './replay/replay-model';
export {
  placeOf,
  type ReplayReport,
  SAVED_TASK_FORMAT,
  SAVED_TASK_VERSION,
  type SavedSchedule,
  type SavedStep,
  type SavedTask,
  type SavedVariable,
  type StepPlace,
} from './replay/saved-task';
export {
  type ImportRefusal,
  type ImportRefusalCode,
  readSavedTask,
  readSavedTasksFile,
  SAVED_FILE_FORMAT,
  savedTasksFile,
} from './replay/saved-task-file';
export { fillText, mapStrings, type VariableValues, valuesFor } from './replay/variables';
export { AgentController, type AgentControllerDeps, type TaskOptions, type TaskTabsOptions } from './run/controller';
export {
  allText,
  latestPage,
  parseControl,
  readObservation,
  type SeenControl,
  type SeenPage,
  type SeenTab,
} from './run/observation-reader';
export { OBSERVATION_LINE, SYSTEM_PROMPT, UNTRUSTED_BEGIN, UNTRUSTED_END } from './run/prompt';
export { CONSENT_DECISIONS, type ConsentBy, type ConsentDecision } from './sites/consent';
export type { BlockedNavigation, NetRulesPort } from './sites/net-hold';
export type { HoldRule } from './sites/net-hold-rules';
export { type PlanAnswer, type PlanEdits, type PlannedChange, siteCovers, type TaskPlan } from './sites/plan';
export { type DecidedBy, SiteAccess, type SiteAction, type SiteDecision, type SiteReason } from './sites/site-access';
export { moneyDigits } from './task/cost-cap';
export type {
  AgentEvent,
  AgentEventListener,
  CallOutcome,
  CostLimitDetails,
  DoneEvidence,
  StopCause,
  TargetIdentity,
  TaskEnding,
  TaskResult,
  TaskStatus,
  Verification,
} from './task/events';
export { STOP_TEXT } from './task/events';
export {
  type AttachedFileInfo,
  attachmentsNote,
  type DownloadReport,
  type DownloadState,
  describeSize,
  type FetchConsent,
  MAX_FILE_BYTES,
  type TaskFiles,
} from './task/files';
export type { TaskClient } from './task/task-state';
export type { CapturedImage, CaptureFn } from './tools/types';
