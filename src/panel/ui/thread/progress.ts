// What a running task is doing now, in one line: thinking, clicking "Add to cart", waiting for the page, asking you.
// Read from the task's record only (the same events the history keeps), so the line and the thread never disagree.

import type { CallView, TaskRecord } from '../../store/task-record';
import { type MessageKey, t } from '../i18n';

/** Present-tense words for a tool call in progress; `$1` is the element or address it acts on, when known. */
const DOING: Record<string, [withTarget: MessageKey, without: MessageKey]> = {
  click: ['doingClickOn', 'doingClick'],
  type: ['doingTypeInto', 'doingType'],
  select_option: ['doingSelectIn', 'doingSelect'],
  check: ['doingCheckOn', 'doingCheck'],
  hover: ['doingHoverOn', 'doingHover'],
  open_url: ['doingOpen', 'doingOpenPage'],
  read_page: ['doingRead', 'doingRead'],
  find: ['doingFind', 'doingFind'],
  scroll: ['doingScroll', 'doingScroll'],
  wait_for: ['doingWait', 'doingWait'],
  press_key: ['doingKey', 'doingKey'],
  screenshot: ['doingLook', 'doingLook'],
  switch_tab: ['doingSwitch', 'doingSwitch'],
  close_tab: ['doingCloseTab', 'doingCloseTab'],
  go_back: ['doingBack', 'doingBack'],
  done: ['doingVerify', 'doingVerify'],
  ask_user: ['doingAsk', 'doingAsk'],
};

function targetOf(call: CallView): string | undefined {
  if (call.target) return call.target;
  const input = call.input as Record<string, unknown> | null;
  const url = input && typeof input.url === 'string' ? input.url : undefined;
  return url;
}

function doing(call: CallView): string {
  const [withTarget, without] = DOING[call.name] ?? ['doingWork', 'doingWork'];
  const target = targetOf(call);
  return target ? t(withTarget, target) : t(without);
}

/** The activity of a running task now; empty for a task that is not running. */
export function activityOf(record: TaskRecord): string {
  if (record.status !== 'running') return '';
  if (record.permission) return t('doingPermission', record.permission.origin);
  if (record.question) return t('doingAsk');
  const step = record.steps.at(-1);
  if (!step) return t('doingStart');
  const pending = step.calls.find((call) => call.outcome === undefined);
  if (pending) return doing(pending);
  if (step.calls.length > 0) return t('doingLookAgain');
  if (step.thinking?.trim() || step.text) return t('doingThink');
  return t('doingWaitModel');
}

/** Steps of the newest instruction: the step limit counts per instruction. */
export function stepsOfLatestTurn(record: TaskRecord): number {
  const turn = record.instructions.length - 1;
  return record.steps.filter((step) => step.turn === turn).length;
}

/** m:ss (or h:mm:ss) of a duration. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const seconds = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
