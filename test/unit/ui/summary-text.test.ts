import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { costLimitEnding } from '../../../src/panel/agent/task/cost-cap';
import type { TaskRecord } from '../../../src/panel/store/task-record';
import { t } from '../../../src/panel/ui/i18n';
import { announcement } from '../../../src/panel/ui/live-region';
import { endingDetail, statusLabel, summaryText } from '../../../src/panel/ui/status-text';
import { useEnglish } from './harness';

const chinese: Record<string, { message: string }> = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../public/_locales/zh_CN/messages.json'), 'utf8'),
);

function useChinese(): void {
  vi.mocked(chrome.i18n.getUILanguage).mockReturnValue('zh-CN');
  vi.mocked(chrome.i18n.getMessage).mockImplementation((key) => chinese[key]?.message ?? '');
}

/** As Chrome answers in Chinese: the message with $1..$9 substituted. */
function useChineseWithSubstitutions(): void {
  vi.mocked(chrome.i18n.getUILanguage).mockReturnValue('zh-CN');
  vi.mocked(chrome.i18n.getMessage).mockImplementation((key, substitutions) => {
    const values = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    return (chinese[key]?.message ?? '').replace(/\$(\d)/g, (_, n: string) => String(values[Number(n) - 1] ?? ''));
  });
}

const record = (patch: Partial<TaskRecord>): TaskRecord => ({
  taskId: 't',
  instructions: ['x'],
  model: 'm',
  status: 'stopped',
  startedAt: 0,
  steps: [],
  ...patch,
});

describe('summaryText', () => {
  beforeEach(() => useEnglish());

  it("keeps the agent's English summary word for word in English (the tab-check stop texts among them)", () => {
    const ended = record({ stopCause: 'restricted', summary: 'Page navigated to a restricted URL, agent stopped' });
    expect(summaryText(ended)).toBe('Page navigated to a restricted URL, agent stopped');
  });

  it('translates the endings the harness decides, the agent sentence kept for the Details', () => {
    useChinese();
    const closed = record({ stopCause: 'tab_closed', summary: 'Tab was closed' });
    expect(summaryText(closed)).toBe('标签页已关闭');
    expect(endingDetail(closed)).toBe('Tab was closed');
    const stuck = record({ status: 'no_progress', summary: 'Repeated click 3 times.' });
    expect(summaryText(stuck)).toBe('智能体一直在重复操作却没有进展，因此已停止。');
    expect(endingDetail(stuck)).toBe('Repeated click 3 times.');
    // In English the summary is the agent's sentence itself: nothing more for the Details.
    useEnglish();
    expect(endingDetail(closed)).toBeUndefined();
  });

  it('follows the catalogue’s language where the browser reports another (the real side panel answers en-US)', () => {
    useChinese();
    vi.mocked(chrome.i18n.getUILanguage).mockReturnValue('en-US');
    expect(summaryText(record({ stopCause: 'tab_closed', summary: 'Tab was closed' }))).toBe('标签页已关闭');
  });

  it('says what went wrong with the model API in the person language', () => {
    useChinese();
    const refused = record({ status: 'error', errorKind: 'auth', summary: 'Check your API key in settings: 401.' });
    expect(summaryText(refused)).toBe('API 拒绝了密钥：请在设置中检查你的 API 密钥。');
    expect(endingDetail(refused)).toBe('Check your API key in settings: 401.');
  });

  it('says an account at its spend limit must raise the limit or wait, in English and in Chinese', () => {
    // The agent's sentence (llm-errors.ts) already says what to do in English; other languages lead with their own.
    const summary =
      'Your API account reached its spend limit, so the API takes no more requests until the date it names: raise the ' +
      'limit in the Claude Console (Settings → Limits) or wait until then. The API said: You have reached your ' +
      'specified API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.';
    const capped = record({ status: 'error', errorKind: 'spend_limit', summary });
    expect(summaryText(capped)).toBe(summary);
    expect(t('errorSpendLimit')).toBe(
      'Your API account reached its spend limit: raise it in the Claude Console (Settings → Limits), or wait for the date the API names.',
    );
    useChinese();
    expect(summaryText(capped)).toBe(
      '你的 API 账户已达到支出上限：请在 Claude Console 的 Settings → Limits 中提高上限，或等到 API 给出的日期后再试。',
    );
    expect(endingDetail(capped)).toBe(summary);
  });

  it("leads a refusal with a translated sentence, keeping the agent's sentence that quotes the API", () => {
    const summary =
      'The model declined to continue this task (cyber): This request may facilitate harm. Rephrase the task or start a new one.';
    const refused = record({
      status: 'failed',
      summary,
      refusal: { category: 'cyber', explanation: 'This request may facilitate harm.' },
    });
    expect(summaryText(refused)).toBe(summary);
    useChinese();
    expect(summaryText(refused)).toBe('模型拒绝继续此任务：请换一种说法，或开始新的任务。');
    expect(endingDetail(refused)).toBe(summary);
  });

  it('says the cost limit ended the task, with the money, in English and in Chinese', () => {
    const going = costLimitEnding({ limitUsd: 0.5, spentUsd: 0.48, nextUsd: 0.05 });
    const over = costLimitEnding({ limitUsd: 0.5, spentUsd: 0.52, nextUsd: 0.07 });
    const capped = record({ status: 'cost_limit', summary: going.summary, costLimit: going.costLimit });
    const spent = record({ status: 'cost_limit', summary: over.summary, costLimit: over.costLimit });
    const raise = 'Raise the limit in Settings to let tasks run longer.';
    expect(statusLabel('cost_limit')).toBe('Stopped: cost limit reached');
    expect(summaryText(capped)).toBe(
      `Stopped at this task's cost limit: it spent $0.48 of $0.50, and the next step would go over. ${raise}`,
    );
    expect(summaryText(spent)).toBe(
      `Stopped at this task's cost limit: it spent $0.52, and the limit is $0.50. ${raise}`,
    );
    // The catalogue's English says what the agent says, word for word.
    expect(t('summaryCostLimit', '$0.48', '$0.50')).toBe(going.summary);
    expect(t('summaryCostLimitOver', '$0.52', '$0.50')).toBe(over.summary);
    expect(announcement(capped)).toBe(`Task ended: Stopped: cost limit reached. ${going.summary}`);
    useChineseWithSubstitutions();
    expect(statusLabel('cost_limit')).toBe('已停止：达到费用上限');
    expect(summaryText(capped)).toBe(
      '已达到此任务的费用上限，任务已停止：已花费 US$0.48（上限 US$0.50），再执行一步就会超出。如需让任务运行更久，请在设置中提高上限。',
    );
    expect(summaryText(spent)).toBe(
      '已达到此任务的费用上限，任务已停止：已花费 US$0.52，上限为 US$0.50。如需让任务运行更久，请在设置中提高上限。',
    );
    const close = costLimitEnding({ limitUsd: 0.03, spentUsd: 0.0273, nextUsd: 0.0028 });
    expect(summaryText(record({ status: 'cost_limit', summary: close.summary, costLimit: close.costLimit }))).toContain(
      '已花费 US$0.027（上限 US$0.03）',
    );
  });

  it('says an action Stop caught on its way may have taken effect, in English and in Chinese', () => {
    const summary =
      'Stopped by you after 2 steps. Its last action (click) had already been sent when you pressed Stop, so it ' +
      'may have taken effect: check the page before doing it again.';
    const click = { callId: 'c', name: 'click', input: { ref: 1 }, outcome: 'stopped_in_flight' as const };
    const step = { step: 2, turn: 0, tabId: 1, url: null, text: '', notes: [], calls: [click] };
    const caught = record({ stopCause: 'person', summary, steps: [step] });
    expect(summaryText(caught)).toBe(summary);
    useChinese();
    expect(summaryText(caught)).toBe('已由你停止，当时有一个操作已发往页面：它可能已经生效。再次操作前请先查看页面。');
    expect(endingDetail(caught)).toBe(summary);
    // Stopped with nothing on its way: the plain sentence.
    expect(summaryText(record({ stopCause: 'person', summary: 'Stopped by you after 1 step.' }))).toBe('已由你停止。');
  });

  it('leaves a summary the model wrote (a failure it explained) as it is', () => {
    useChinese();
    expect(summaryText(record({ status: 'failed', summary: 'The shop is closed today.' }))).toBe(
      'The shop is closed today.',
    );
  });
});
