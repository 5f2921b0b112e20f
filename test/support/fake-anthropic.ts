// A stand-in for the Anthropic Messages API on 127.0.0.1 for unit tests, e2e tests and the benchmark: script model
// turns and faults per test, point the real SDK (or the extension) at `fake.url`, then assert on what the client sent.
// It refuses what the real API refuses, in the API's words, and plays today's thinking models (signed thinking bound
// to its prefix, context management, prompt caching). See fake-anthropic/types.ts and fake-anthropic/reply-types.ts.

export { CLEARED_TOOL_RESULT_TEXT } from './fake-anthropic/context-edits';
export { liveFakes, startFakeAnthropic } from './fake-anthropic/server';
export { isFault, rawToolTurn, textTurn, toolsTurn, toolTurn } from './fake-anthropic/turns';
export type * from './fake-anthropic/types';
export { lastUserText, latestViewUserText, viewText } from './fake-anthropic/view-text';
