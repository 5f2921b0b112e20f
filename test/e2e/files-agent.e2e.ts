// Files through the agent, end to end: the person attaches a file in the panel and the agent uploads it; the agent
// downloads a report (the browser's download is reported to the model with its name and size) and uploads it on
// another page. The pages confirm what they received.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { AgentEvent, TaskResult } from '../../src/panel/agent';
import { REPORT_CSV, reportRoute } from '../support/files-routes';
import {
  act,
  control,
  describe,
  expect,
  it,
  openFrontTab,
  type PanelGlobal,
  play,
  runTask,
  textIn,
  useKit,
} from './kit';

useKit({ routes: [reportRoute] });

const NOTES = readFileSync(resolve(import.meta.dirname, '../fixtures/site/files/notes.txt'));

type FilesGlobal = PanelGlobal & { filesRun?: { events: AgentEvent[]; result?: TaskResult } };

/** Records the next task's events in the panel, for a task the test starts through the panel's own UI. */
async function recordNextTask(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    const g = globalThis as FilesGlobal;
    const run: NonNullable<FilesGlobal['filesRun']> = { events: [] };
    g.filesRun = run;
    g.steadyhand.host.subscribe((event) => {
      run.events.push(event);
      if (event.type === 'task_finished') run.result = { ...event };
    });
  });
}

async function finishedTask(panel: Page): Promise<TaskResult> {
  await panel.waitForFunction(() => (globalThis as FilesGlobal).filesRun?.result !== undefined, null, {
    timeout: 30_000,
  });
  return panel.evaluate(() => (globalThis as FilesGlobal).filesRun?.result as TaskResult);
}

const received = (name: string, size: number, how: string, line: string) =>
  `Received ${name} (${size} bytes) by ${how}: ${line}`;

describe('files through the agent', () => {
  it('uploads a file the person attached in the panel; the model hears its name, size and type, not its bytes', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openFrontTab(browser, site.url('/files/upload.html'));
    const confirmation = received('notes.txt', NOTES.length, 'input', 'Meeting notes');
    const log = play(model, (seen) => {
      if (seen.previousTools.includes('upload_file')) {
        return act('done', { success: true, answer: 'Uploaded.', evidence: { quotes: [confirmation] } });
      }
      return act('upload_file', { ref: control(seen, 'button', /report file/i).ref, file: 'notes.txt' });
    });
    await panel.setInputFiles('[data-testid=attach-input]', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: NOTES,
    });
    await expect.poll(() => textIn(panel, '[data-testid=attachments]')).toContain('notes.txt');
    await recordNextTask(panel);
    await panel.fill('#task-input', 'Upload my notes on this page');
    await panel.press('#task-input', 'Enter');

    expect(await finishedTask(panel)).toMatchObject({ status: 'succeeded', verified: true });
    expect(await textIn(page, '#received')).toBe(confirmation);
    const first = JSON.stringify(log[0]?.request.body?.messages);
    expect(first).toContain(`notes.txt (${NOTES.length} B, text/plain)`);
    expect(first).not.toContain('Ship on Friday');
    expect(log[1]?.results[0]?.text).toMatch(/upload_file notes\.txt .*: done/);
    // Sent with the task, the chip is gone from the composer.
    expect(await panel.locator('[data-testid=attachments]').count()).toBe(0);
    await page.close();
  });

  it('downloads a report, is told its name and size, and uploads it on another page', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openFrontTab(browser, site.url('/files/downloads.html'));
    const size = Buffer.byteLength(REPORT_CSV);
    const confirmation = received('quarterly-report.csv', size, 'input', 'quarter,revenue');
    const log = play(model, (seen) => {
      if (seen.previousTools.includes('upload_file')) {
        return act('done', { success: true, answer: 'Done.', evidence: { quotes: [confirmation] } });
      }
      if (seen.url?.includes('upload.html')) {
        return act('upload_file', { ref: control(seen, 'button', /report file/i).ref, file: 'quarterly-report.csv' });
      }
      if (seen.previousTools.includes('click')) return act('open_url', { url: site.url('/files/upload.html') });
      return act('click', { ref: control(seen, 'link', /quarterly report/i).ref });
    });

    const { result } = await runTask(panel, 'Download the quarterly report and upload it on the upload page');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const afterClick = log.find((seen) => seen.previousTools.includes('click'));
    expect(afterClick?.results[0]?.text).toContain(`quarterly-report.csv (${size} B, complete)`);
    expect(afterClick?.results[0]?.isError).toBe(false);
    expect(afterClick?.text).toContain(`downloaded quarterly-report.csv (${size} B, complete)`);
    const upload = browser.context.pages().find((p) => p.url().includes('/files/upload.html'));
    expect(upload && (await textIn(upload, '#received'))).toBe(confirmation);
    await upload?.close();
    await page.close();
  });

  it('tells the model a revoked blob: download cannot be read again, and the task goes on', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openFrontTab(browser, site.url('/files/downloads.html'));
    const log = play(model, (seen) => {
      if (seen.previousTools.includes('upload_file')) return act('done', { success: false, answer: 'Could not.' });
      if (seen.url?.includes('upload.html')) {
        return act('upload_file', { ref: control(seen, 'button', /report file/i).ref, file: 'summary.txt' });
      }
      // A new tab: the page that made the blob is still open, but it has released the blob.
      if (seen.previousTools.includes('click')) {
        return act('open_url', { url: site.url('/files/upload.html'), newTab: true });
      }
      return act('click', { ref: control(seen, 'link', /generated summary/i).ref });
    });

    const { result } = await runTask(panel, 'Download the summary and upload it on the upload page');

    expect(result).toMatchObject({ status: 'failed' });
    const afterClick = log.find((seen) => seen.previousTools.includes('click'));
    expect(afterClick?.results[0]?.text).toContain('summary.txt');
    const afterUpload = log.find((seen) => seen.previousTools.includes('upload_file'));
    expect(afterUpload?.results[0]).toMatchObject({ isError: true });
    expect(afterUpload?.results[0]?.text).toMatch(
      /blob: URL, which only that page can read, and it cannot now [\s\S]*\nWhy: the page has already released it/,
    );
    const upload = browser.context.pages().find((p) => p.url().includes('/files/upload.html'));
    expect(upload && (await textIn(upload, '#received'))).toBe('Nothing received yet');
    await upload?.close();
    await page.close();
  });
  it('uploads a download the page made as a blob: URL, read again in the tab that made it', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openFrontTab(browser, site.url('/files/downloads.html'));
    const confirmation = received('totals.txt', Buffer.byteLength('totals\n42\n'), 'input', 'totals');
    play(model, (seen) => {
      if (seen.previousTools.includes('upload_file')) {
        return act('done', { success: true, answer: 'Done.', evidence: { quotes: [confirmation] } });
      }
      if (seen.url?.includes('upload.html')) {
        return act('upload_file', { ref: control(seen, 'button', /report file/i).ref, file: 'totals.txt' });
      }
      // A new tab, so the page that made the blob is still there to read it.
      if (seen.previousTools.includes('click')) {
        return act('open_url', { url: site.url('/files/upload.html'), newTab: true });
      }
      return act('click', { ref: control(seen, 'link', /generated totals/i).ref });
    });

    const { result } = await runTask(panel, 'Download the totals and upload them on the upload page');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const upload = browser.context.pages().find((p) => p.url().includes('/files/upload.html'));
    expect(upload && (await textIn(upload, '#received'))).toBe(confirmation);
    await upload?.close();
    await page.close();
  });
  it('reports a download from another origin, whose referrer is only the page’s origin', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openFrontTab(browser, site.url('/files/downloads.html'));
    const log = play(model, (seen) => {
      if (seen.previousTools.includes('click')) return act('done', { success: false, answer: 'Downloaded only.' });
      return act('click', { ref: control(seen, 'link', /from the file server/i).ref });
    });

    // The file server is named, so the link to it is followed without a question (decision 0025).
    await runTask(panel, `Download the report from the file server at ${site.otherOrigin}`);

    const afterClick = log.find((seen) => seen.previousTools.includes('click'));
    expect(afterClick?.results[0]?.text).toContain(
      `quarterly-report.csv (${Buffer.byteLength(REPORT_CSV)} B, complete)`,
    );
    await page.close();
  });
});
