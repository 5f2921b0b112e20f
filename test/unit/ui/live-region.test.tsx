// @vitest-environment jsdom
// The live regions (src/panel/ui/live-region.tsx): the open thread's, and the one that says another thread waits for
// the person, so a screen reader user hears of a background task's question as a sighted person sees the badge.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskRecord } from '../../../src/panel/store/task-record';
import { LiveRegion, othersWaiting } from '../../../src/panel/ui/live-region';
import { byTestId, mount, useEnglish } from './harness';

beforeEach(useEnglish);

function record(taskId: string, instruction: string, change: Partial<TaskRecord> = {}): TaskRecord {
  return { taskId, instructions: [instruction], model: 'm', status: 'running', startedAt: 1, steps: [], ...change };
}
const asking = (taskId: string, instruction: string, change: Partial<TaskRecord> = {}) =>
  record(taskId, instruction, { question: { questionId: `q-${taskId}`, question: 'Which one?' }, ...change });
const history = (...records: TaskRecord[]) => ({
  tasks: Object.fromEntries(records.map((one) => [one.taskId, one])),
  order: records.map((one) => one.taskId),
});

describe('the other threads’ live region', () => {
  it('says another task waits for the person, and is silent for the open thread’s own question', () => {
    const open = asking('a', 'Book a table');
    expect(othersWaiting(history(open), 'a')).toBe('');
    expect(othersWaiting(history(asking('b', 'Order the fern'), open), 'a')).toBe(
      'Another task is waiting for you: Order the fern',
    );
  });

  it('counts several, naming the newest, and ignores running and finished tasks that do not wait', () => {
    const many = history(
      asking('c', 'Renew the library books'),
      record('d', 'Read the news'),
      asking('b', 'Order the fern', { status: 'interrupted' }),
      asking('e', 'Order the fern'),
    );
    expect(othersWaiting(many, 'd')).toBe('2 other tasks are waiting for you, the newest: Renew the library books');
  });

  it('says it in Chinese', () => {
    const chinese: Record<string, { message: string }> = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../../public/_locales/zh_CN/messages.json'), 'utf8'),
    );
    vi.mocked(chrome.i18n.getMessage).mockImplementation((key, values) =>
      (chinese[key]?.message ?? '').replace(/\$(\d)/g, (_, n: string) => String([values].flat()[Number(n) - 1] ?? '')),
    );
    expect(othersWaiting(history(asking('b', '订购蕨类'), record('a', '订餐')), 'a')).toBe(
      '另一个任务在等你：订购蕨类',
    );
  });

  it('renders as a polite status region apart from the open thread’s', () => {
    const view = mount(<LiveRegion record={record('a', 'Book a table')} others="Another task is waiting for you: x" />);
    const region = byTestId(view, 'live-region-others');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('Another task is waiting for you: x');
    expect(byTestId(view, 'live-region').textContent).not.toContain('Another task');
  });
});
