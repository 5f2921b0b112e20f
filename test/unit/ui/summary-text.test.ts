import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskRecord } from '../../../src/panel/store/task-record';
import { summaryText } from '../../../src/panel/ui/status-text';
import { useEnglish } from './harness';

const chinese: Record<string, { message: string }> = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../public/_locales/zh_CN/messages.json'), 'utf8'),
);

function useChinese(): void {
  vi.mocked(chrome.i18n.getUILanguage).mockReturnValue('zh-CN');
  vi.mocked(chrome.i18n.getMessage).mockImplementation((key) => chinese[key]?.message ?? '');
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

  it("keeps the agent's English summary word for word in English (the seed's stop texts)", () => {
    const ended = record({ stopCause: 'restricted', summary: 'Page navigated to a restricted URL, agent stopped' });
    expect(summaryText(ended)).toBe('Page navigated to a restricted URL, agent stopped');
  });

  it('translates the endings the harness decides, keeping the agent sentence as the detail', () => {
    useChinese();
    expect(summaryText(record({ stopCause: 'tab_closed', summary: 'Tab was closed' }))).toBe(
      '标签页已关闭 (Tab was closed)',
    );
    expect(summaryText(record({ status: 'no_progress', summary: 'Repeated click 3 times.' }))).toBe(
      '智能体一直在重复操作却没有进展，因此已停止。 (Repeated click 3 times.)',
    );
  });

  it('says what went wrong with the model API in the person language', () => {
    useChinese();
    const refused = record({ status: 'error', errorKind: 'auth', summary: 'Check your API key in settings: 401.' });
    expect(summaryText(refused)).toBe(
      'API 拒绝了密钥：请在设置中检查你的 API 密钥。 (Check your API key in settings: 401.)',
    );
  });

  it('leaves a summary the model wrote (a failure it explained) as it is', () => {
    useChinese();
    expect(summaryText(record({ status: 'failed', summary: 'The shop is closed today.' }))).toBe(
      'The shop is closed today.',
    );
  });
});
