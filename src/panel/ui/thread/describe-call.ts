// A tool call in words for the step cards: "Typed “hello” into element 12", "Opened https://… in a new tab". The
// input holds only refs, so the element is named by the call's `target` when the agent supplies one (the element's
// accessible name), else by its ref. Inputs come from the model and may be malformed: every field is read defensively.

import { type MessageKey, t } from '../i18n';

export interface DescribableCall {
  name: string;
  input: unknown;
  /** The element the call acted on, in words (e.g. "Add to cart"), when the agent knows it. */
  target?: string;
}

const MAX_QUOTE = 80;

const clip = (text: string) => (text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}…` : text);

function field(input: unknown, key: string): unknown {
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
}

const str = (input: unknown, key: string): string | undefined => {
  const value = field(input, key);
  return typeof value === 'string' ? value : undefined;
};

const num = (input: unknown, key: string): number | undefined => {
  const value = field(input, key);
  return typeof value === 'number' ? value : undefined;
};

const bool = (input: unknown, key: string): boolean | undefined => {
  const value = field(input, key);
  return typeof value === 'boolean' ? value : undefined;
};

const DIRECTIONS: Record<string, MessageKey> = {
  up: 'dirUp',
  down: 'dirDown',
  left: 'dirLeft',
  right: 'dirRight',
};

function element(call: DescribableCall, key = 'ref'): string {
  if (call.target) return call.target;
  const ref = num(call.input, key);
  return ref === undefined ? t('elementUnknown') : t('elementRef', ref);
}

function scroll(call: DescribableCall): string {
  const toRef = num(call.input, 'toRef');
  if (toRef !== undefined) return t('actScrollTo', call.target ?? t('elementRef', toRef));
  const direction = t(DIRECTIONS[str(call.input, 'direction') ?? 'down'] ?? 'dirDown');
  return num(call.input, 'ref') === undefined ? t('actScroll', direction) : t('actScrollIn', direction, element(call));
}

function pressKey(call: DescribableCall): string {
  const modifiers = field(call.input, 'modifiers');
  const keys = Array.isArray(modifiers) ? modifiers.filter((m): m is string => typeof m === 'string') : [];
  const combo = [...keys, str(call.input, 'key') ?? '?'].join('+');
  return num(call.input, 'ref') === undefined ? t('actPress', combo) : t('actPressOn', combo, element(call));
}

/** "Clicked … at 25% across, 50% down" for a click aimed inside the element (`at`), else a plain click. */
function click(call: DescribableCall): string {
  const at = field(call.input, 'at');
  const x = num(at, 'x');
  const y = num(at, 'y');
  if (x === undefined || y === undefined) return t('actClick', element(call));
  return t('actClickAt', element(call), Math.round(x * 100), Math.round(y * 100));
}

function drag(call: DescribableCall): string {
  const toRef = num(call.input, 'toRef');
  // `target` names the dragged element; the drop target is named by its ref.
  if (toRef !== undefined) return t('actDragTo', element(call), t('elementRef', toRef));
  return t('actDragBy', element(call), num(call.input, 'dx') ?? 0, num(call.input, 'dy') ?? 0);
}

export function describeCall(call: DescribableCall): string {
  const input = call.input;
  const quoted = (key: string) => clip(str(input, key) ?? '');
  switch (call.name) {
    case 'click':
      return click(call);
    case 'double_click':
      return t('actDoubleClick', element(call));
    case 'right_click':
      return t('actRightClick', element(call));
    case 'drag':
      return drag(call);
    case 'set_value': {
      const value = field(input, 'value');
      return t(
        'actSetValue',
        clip(typeof value === 'number' ? String(value) : (str(input, 'value') ?? '')),
        element(call),
      );
    }
    case 'type':
      return t(bool(input, 'submit') ? 'actTypeSubmit' : 'actType', quoted('text'), element(call));
    case 'select_option':
      return t('actSelect', quoted('option'), element(call));
    case 'check':
      return t(bool(input, 'checked') === false ? 'actUncheck' : 'actCheck', element(call));
    case 'scroll':
      return scroll(call);
    case 'press_key':
      return pressKey(call);
    case 'hover':
      return t('actHover', element(call));
    case 'select_text':
      return t('actSelectText', quoted('text'), element(call));
    case 'upload_file':
      return t('actUpload', quoted('file'), element(call));
    case 'read_page':
      return t('actReadPage');
    case 'find':
      return t('actFind', quoted('query'));
    case 'wait_for':
      return str(input, 'text') === undefined ? t('actWaitElement', element(call)) : t('actWaitText', quoted('text'));
    case 'screenshot':
      return t('actScreenshot');
    case 'evaluate':
      return t('actEvaluate');
    case 'open_url':
      return t(bool(input, 'newTab') ? 'actOpenNewTab' : 'actOpen', str(input, 'url') ?? '?');
    case 'switch_tab':
      return t('actSwitchTab', num(input, 'tabId') ?? '?');
    case 'close_tab':
      return t('actCloseTab', num(input, 'tabId') ?? '?');
    case 'go_back':
      return t('actGoBack');
    case 'ask_user':
      return t('actAsk', quoted('question'));
    case 'done':
      return t(bool(input, 'success') === false ? 'actDoneFailed' : 'actDone');
    case 'propose_plan':
      return t('actProposePlan');
    default:
      return t('actOther', call.name);
  }
}
