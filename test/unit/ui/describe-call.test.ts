import { beforeEach, describe, expect, it } from 'vitest';
import type { CallView } from '../../../src/panel/store/task-record';
import { type BadgeKind, callBadge } from '../../../src/panel/ui/status-text';
import { describeCall } from '../../../src/panel/ui/thread/describe-call';
import { useEnglish } from './harness';

beforeEach(useEnglish);

describe('actions in words', () => {
  it.each([
    ['click', { ref: 3 }, 'Clicked element [3]'],
    ['type', { ref: 5, text: 'hello' }, 'Typed “hello” into element [5]'],
    ['type', { ref: 5, text: 'hello', submit: true }, 'Typed “hello” into element [5] and pressed Enter'],
    ['select_option', { ref: 8, option: 'Large' }, 'Chose “Large” in element [8]'],
    ['check', { ref: 2, checked: true }, 'Checked element [2]'],
    ['check', { ref: 2, checked: false }, 'Unchecked element [2]'],
    ['scroll', {}, 'Scrolled down'],
    ['scroll', { direction: 'up', ref: 7 }, 'Scrolled up inside element [7]'],
    ['scroll', { toRef: 30 }, 'Scrolled to element [30]'],
    ['press_key', { key: 'a', modifiers: ['Control'] }, 'Pressed Control+a'],
    ['press_key', { key: 'Enter', ref: 4 }, 'Pressed Enter on element [4]'],
    ['hover', { ref: 1 }, 'Pointed at element [1]'],
    ['click', { ref: 3, at: { x: 0.25, y: 0.5 } }, 'Clicked element [3] at 25% across, 50% down'],
    ['double_click', { ref: 3 }, 'Double-clicked element [3]'],
    ['right_click', { ref: 3 }, 'Right-clicked element [3]'],
    ['drag', { ref: 3, toRef: 9 }, 'Dragged element [3] onto element [9]'],
    ['drag', { ref: 3, dx: 120 }, 'Dragged element [3] by 120 px across, 0 px down'],
    ['set_value', { ref: 4, value: '2026-03-14' }, 'Set element [4] to “2026-03-14”'],
    ['set_value', { ref: 4, value: 40 }, 'Set element [4] to “40”'],
    ['upload_file', { ref: 3, file: 'cv.pdf' }, 'Uploaded cv.pdf to element [3]'],
    ['read_page', {}, 'Read the page text'],
    ['find', { query: 'price' }, 'Searched the page for “price”'],
    ['wait_for', { text: 'Saved' }, 'Waited for “Saved” to appear'],
    ['wait_for', { ref: 6 }, 'Waited for element [6]'],
    ['screenshot', {}, 'Took a screenshot'],
    ['evaluate', { script: 'document.title' }, 'Ran a script in the page'],
    ['open_url', { url: 'https://example.com/a' }, 'Opened https://example.com/a'],
    ['open_url', { url: 'https://example.com/a', newTab: true }, 'Opened https://example.com/a in a new tab'],
    ['switch_tab', { tabId: 44 }, 'Switched to tab 44'],
    ['close_tab', { tabId: 44 }, 'Closed tab 44'],
    ['go_back', {}, 'Went back a page'],
    ['ask_user', { question: 'Which size?' }, 'Asked you: “Which size?”'],
    ['propose_plan', { summary: 'Buy a fern' }, 'Proposed a plan'],
    ['done', { success: true, answer: 'x' }, 'Reported the task done'],
    ['done', { success: false, answer: 'x' }, 'Reported the task cannot be done'],
    ['teleport', { to: 'mars' }, 'Called teleport'],
  ])('%s %j → %s', (name, input, words) => {
    expect(describeCall({ name, input })).toBe(words);
  });

  it('names the element by its target when the agent gives one', () => {
    expect(describeCall({ name: 'click', input: { ref: 3 }, target: 'Add to cart' })).toBe('Clicked Add to cart');
    expect(describeCall({ name: 'type', input: { ref: 5, text: 'hello' }, target: 'Email' })).toBe(
      'Typed “hello” into Email',
    );
  });

  it('describes malformed input without throwing, and clips long text', () => {
    expect(describeCall({ name: 'click', input: null })).toBe('Clicked an element');
    expect(describeCall({ name: 'type', input: { ref: 'x', text: 42 } })).toBe('Typed “” into an element');
    expect(describeCall({ name: 'open_url', input: 'https://example.com' })).toBe('Opened ?');
    const long = 'a'.repeat(200);
    expect(describeCall({ name: 'find', input: { query: long } })).toBe(`Searched the page for “${'a'.repeat(80)}…”`);
  });
});

const badgeCases: [Partial<CallView>, BadgeKind, string][] = [
  [{}, 'pending', 'Working…'],
  [{ outcome: 'ok', verification: { verified: true, effects: ['dom_change'] } }, 'verified', 'Verified'],
  [
    { outcome: 'failed_verify', verification: { verified: false, effects: ['none'], reason: 'no observable effect' } },
    'unverified',
    'Not verified: no observable effect',
  ],
  [{ outcome: 'ok', verification: { verified: false, effects: [] } }, 'unverified', 'Not verified'],
  [{ outcome: 'ok' }, 'ok', 'Done'],
  [{ outcome: 'done_rejected' }, 'rejected', 'Not accepted: the evidence was not found on the page'],
  [{ outcome: 'done_accepted' }, 'accepted', 'Done accepted'],
  [{ outcome: 'execute_error', summary: 'error: tab gone' }, 'error', 'Error'],
  [{ outcome: 'invalid_input' }, 'error', 'Error'],
  [{ outcome: 'skipped' }, 'skipped', 'Skipped: the page had changed'],
  [{ outcome: 'stopped_in_flight' }, 'in_flight', 'Stopped on its way: it may have happened'],
];

describe('verification badges', () => {
  it.each(badgeCases)('%j → %s', (result, kind, text) => {
    expect(callBadge({ callId: 'c', name: 'click', input: { ref: 1 }, ...result })).toEqual({ kind, text });
  });
});
