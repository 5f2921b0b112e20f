// The panel in Simplified Chinese (browser language zh-CN): the task view, a task's step cards and final status, and
// the settings form all read in Chinese, from the zh_CN catalogue through chrome.i18n.

import { saveScreenshot } from '../support/screenshots';
import { act, control, describe, expect, it, openFrontTab, play, useKit } from './kit';
import { currentTaskId, expectStatus, newTaskId, PANEL_VIEWPORT, submitTask, taskView, textOf } from './panel-harness';

// No key: the test sees the demo notice first, then points the panel at the stand-in through the Chinese form.
useKit({ viewport: PANEL_VIEWPORT, locale: 'zh-CN', apiKey: null });

describe('panel in Simplified Chinese', () => {
  it('shows the task view, a finished task and the settings in Chinese', async ({ browser, site, model, panel }) => {
    expect(await panel.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^zh/);
    const nav = panel.getByRole('navigation');
    expect(await nav.getByRole('button').allTextContents()).toEqual(['任务', '历史', '已保存', '设置']);
    expect(await textOf(panel.locator('#page-heading'))).toBe('当前标签页');
    // No key yet: the offline demo notice, in Chinese.
    expect(await textOf(panel.getByTestId('demo-notice').getByRole('heading'))).toBe('离线演示');
    const view = taskView(panel);
    expect(await textOf(view.box.locator('label[for="task-input"]'))).toBe('新任务');
    expect(await textOf(view.box.getByRole('button', { name: '运行' }))).toBe('运行');

    // The settings form, filled in through its Chinese labels, points the panel at the stand-in model.
    await nav.getByRole('button', { name: '设置' }).click();
    const form = panel.getByTestId('settings');
    expect(await textOf(form.getByRole('heading', { level: 2 }))).toBe('设置');
    await form.getByLabel('Anthropic API 密钥').fill('test-key');
    await form.getByLabel('API 地址（Base URL）').fill(model.url);
    expect(await textOf(form.getByRole('button', { name: '测试连接' }))).toBe('测试连接');
    await expect.poll(() => textOf(form.getByTestId('save-result'))).toBe('已保存。');
    await saveScreenshot(panel, 'zh-settings');

    await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    play(model, (seen) => {
      if (seen.text.includes('Saved: Shade')) {
        return act('done', { success: true, answer: '已记下。', evidence: { quotes: ['Saved: Shade'] } });
      }
      const note = control(seen, 'textbox', /^note$/i);
      if (note.value !== 'Shade') return act('type', { ref: note.ref, text: 'Shade' });
      return act('click', { ref: control(seen, 'button', /save note/i).ref });
    });
    await nav.getByRole('button', { name: '任务' }).click();
    const before = await currentTaskId(panel);
    await submitTask(panel, '记下蕨类需要阴凉');
    const taskId = await newTaskId(panel, before);
    await expectStatus(panel, 'succeeded');
    await saveScreenshot(panel, 'zh-task');

    // The task's id is under its Details, not in the heading.
    expect(await textOf(view.card.getByRole('heading', { level: 2 }))).toBe('本任务');
    expect(await textOf(view.card.getByTestId('task-id'))).toBe(taskId);
    expect(await textOf(view.status)).toBe('已成功');
    expect(await view.steps.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      '第 1 步',
      '第 2 步',
      '第 3 步',
    ]);
    expect(await view.card.getByTestId('call').locator('.call-action').allTextContents()).toEqual([
      '在 Note 中输入了“Shade”',
      '点击了 Save note',
      '报告任务已完成',
    ]);
    expect(await textOf(view.final.getByTestId('final-verified'))).toBe('已验证');
    expect(await textOf(view.final.getByTestId('evidence').getByRole('heading'))).toBe('已在页面上核对的证据');
    expect(await textOf(view.card.getByTestId('task-usage'))).toMatch(/^3 步 · 输入 [\d,]+ 个 token · 输出 [\d,]+ 个/);
    expect(await textOf(view.card.getByRole('button', { name: '导出运行记录（JSON）' }))).toBe('导出运行记录（JSON）');
  });
});
