// The e2e kit: what every test/e2e file builds on. Fixtures (fixtures.ts): `site`, `model` (the stand-in of the
// Messages API, emptied before each test), `browser` (Chromium with the extension), `panel`. One way to script the
// model (model.ts: play, inOrder, hold), one way to call a tab's page API (page-calls.ts), one way to run the agent
// from the panel (panel-calls.ts). docs/testing.md describes the suites built on it.

export { describe, expect, vi } from 'vitest';
export type { ExtensionHarness } from '../../support/extension';
export {
  type FakeAnthropic,
  lastUserText,
  type RecordedRequest,
  toolsTurn,
  viewText,
} from '../../support/fake-anthropic';
export type { FixtureServer, Route } from '../../support/fixture-server';
export {
  domTrace,
  MASK,
  openFrontTab,
  openTab,
  type PanelGlobal,
  recordEvents,
  scriptToken,
  tabIdOf,
  waitForEvent,
} from '../../support/panel';
export { type A11yViolation, runAxe, seriousViolations } from './a11y';
export { hideBehind, intervalTicks, lookAt, visibilityOf } from './background';
export { answerConsent, answerConsentsIn, type ConsentAsked, consentBox } from './consent-calls';
export { type KitOptions, test, test as it, useKit } from './fixtures';
export { freePort, letOtherAgentsIn, MCP_SERVER, mcpHome, resultText, startMcpClient } from './mcp';
export {
  act,
  byTask,
  control,
  giveUp,
  type HeldModel,
  hold,
  inOrder,
  instructionOf,
  isFault,
  type Policy,
  play,
  type Seen,
  type SeenControl,
  type SeenPage,
  seenIn,
  type ToolResultSeen,
  type Turn,
  textTurn,
} from './model';
export { call, type Outcome, refOf, textIn, tryCall } from './page-calls';
export {
  outcomes,
  pointAtModel,
  runTask,
  startTask,
  stopStartedTask,
  type TaskRun,
  taskResult,
  waitForAgentEvent,
} from './panel-calls';
