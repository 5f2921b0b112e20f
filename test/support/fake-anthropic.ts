// A fake Anthropic Messages API on 127.0.0.1 for unit and e2e tests: script model turns and faults per test, point
// the real SDK (or the extension) at `fake.url`, then assert on what the client sent. See fake-anthropic/types.ts.

export { startFakeAnthropic } from './fake-anthropic/server';
export { isFault, lastUserText, rawToolTurn, textTurn, toolsTurn, toolTurn } from './fake-anthropic/turns';
export type {
  AuthKind,
  FakeAnthropic,
  FakeAnthropicOptions,
  Fault,
  RecordedRequest,
  Reply,
  ReplyBlock,
  RequestBody,
  Responder,
  StopReason,
  StreamErrorType,
  TextBlockSpec,
  ToolUseBlockSpec,
  Turn,
  UsageSpec,
} from './fake-anthropic/types';
