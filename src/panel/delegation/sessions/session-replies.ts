// What a session's client reads back (DelegationReply): text its model reads, Steadyhand's own words for the call's
// result and the page after it (page text inside the same untrusted-content markers Steadyhand's model sees), and
// `data`, the same facts as fields, taken from the loop's events and the observation's fields, never from the text.

import type { DelegationReply } from '../../../shared/delegation/tools';
import type { TaskResult } from '../../agent';
import type { StepOutcome } from './page-session';

type Answered = Extract<StepOutcome, { kind: 'answered' }>;

/** `isError` is said only when true, as MCP's CallToolResult leaves it out of a success. */
const failed = (isError: boolean) => (isError ? { isError: true } : {});

export function errorReply(text: string, data: Record<string, unknown> = {}): DelegationReply {
  return { text, data, isError: true };
}

/** The page the session is on, as fields. */
function pageData(sessionId: string, { readout }: Answered): Record<string, unknown> {
  const { page } = readout;
  return {
    session_id: sessionId,
    tab_id: page.tabId,
    url: page.url,
    title: page.title,
    tabs: page.tabs.map((tab) => ({ tab_id: tab.tabId, url: tab.url, current: tab.current })),
    ...(page.problem ? { problem: page.problem } : {}),
  };
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part).join('\n');

export function openedReply(sessionId: string, answered: Answered): DelegationReply {
  const text = joined(
    `Session ${sessionId} is open, in a tab group of its own. Act with page_action on the refs below; ` +
      'close it with close_session.',
    answered.readout.result?.text,
    ...answered.readout.notes,
    answered.readout.observation,
  );
  return { text, data: pageData(sessionId, answered) };
}

export function snapshotReply(sessionId: string, answered: Answered): DelegationReply {
  const text = joined(...answered.readout.notes, answered.readout.observation);
  return { text, data: { ...pageData(sessionId, answered), snapshot: answered.readout.observation } };
}

/** find and read_page: the tool's result (the page's words fenced), with the page fields. */
export function readReply(sessionId: string, answered: Answered): DelegationReply {
  const { readout, event } = answered;
  const isError = readout.result?.isError ?? true;
  const text = joined(readout.result?.text ?? 'The call was not run.', ...readout.notes);
  return { text, data: { ...pageData(sessionId, answered), outcome: event?.outcome ?? null }, ...failed(isError) };
}

/** A page action: what it did, whether the page showed it happened, and the page after it. */
export function actionReply(sessionId: string, action: string, answered: Answered): DelegationReply {
  const { readout, event } = answered;
  const verification = event?.verification;
  const verified = verification?.verified ?? false;
  const effects = verification?.effects.filter((effect) => effect !== 'none') ?? [];
  const check = !verification
    ? null
    : verified
      ? `Verified on the page: ${effects.length > 0 ? effects.join(', ') : 'done'}.`
      : 'Not verified: the page showed no sign that it happened.';
  const text = joined(
    readout.result?.text ?? 'The action was not run.',
    check,
    ...readout.notes,
    'The page now:',
    readout.observation,
  );
  const data = {
    ...pageData(sessionId, answered),
    action,
    outcome: event?.outcome ?? null,
    verified,
    effects,
    ...(verification?.reason ? { reason: verification.reason } : {}),
    summary: event?.summary ?? null,
  };
  return { text, data, ...failed(readout.result?.isError ?? true) };
}

export function endedReply(sessionId: string, result: TaskResult): DelegationReply {
  return errorReply(`Session ${sessionId} has ended: ${result.summary} Open a new one with open_session.`, {
    session_id: sessionId,
    status: result.status,
    ...(result.stopCause ? { stop_cause: result.stopCause } : {}),
  });
}

export function closedReply(sessionId: string, result: TaskResult): DelegationReply {
  return {
    text:
      `Session ${sessionId} is closed. Its tabs were kept, ungrouped or closed as the person's settings say, ` +
      'and nothing of it runs any more.',
    data: { session_id: sessionId, status: result.status },
  };
}

export const CANCELLED: DelegationReply = errorReply(
  'The call was cancelled before its answer came. An action already sent may still have taken effect: take ' +
    'page_snapshot before doing it again.',
);
