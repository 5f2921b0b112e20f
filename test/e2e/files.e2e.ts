// upload_file's page side in real Chromium: a file put into a file input (directly, or through the label that
// controls a hidden one) and dropped on a drop zone; the page reads the File it got, and the action is verified only
// when the page bears it out.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { call, describe, type ExtensionHarness, expect, it, openTab, refOf, textIn } from './kit';

const NOTES = readFileSync(resolve(import.meta.dirname, '../fixtures/site/files/notes.txt'));
const file = {
  name: 'notes.txt',
  type: 'text/plain',
  lastModified: 1_700_000_000_000,
  data: NOTES.toString('base64'),
};

async function open(browser: ExtensionHarness, url: string) {
  const { tabId, page } = await openTab(browser, url);
  const snap = await call(browser.panel, tabId, 'snapshot', { mode: 'full' });
  const ref = (role: string, name: string) => ({ ref: refOf(snap, role, name), snapshotId: snap.snapshotId });
  return { tabId, page, snap, ref };
}

describe('upload_file in the page', () => {
  it('puts the file into a file input, which then holds it, and the page reads it', async ({ browser, site }) => {
    const { tabId, page, snap } = await open(browser, site.url('/files/upload.html'));
    const input = snap.elements.find((e) => e.inputType === 'file' && e.name === 'Report file');
    expect(input, snap.text).toBeDefined();
    const result = await call(browser.panel, tabId, 'uploadFile', {
      ref: input?.ref ?? -1,
      snapshotId: snap.snapshotId,
      file,
    });
    expect(result).toMatchObject({ ok: true, verified: true });
    expect(result.effects).toContain('value_change');
    await expect
      .poll(() => textIn(page, '#received'))
      .toBe(`Received notes.txt (${NOTES.length} bytes) by input: Meeting notes`);
    expect(await page.$eval('#picker', (el) => (el as HTMLInputElement).files?.[0]?.name)).toBe('notes.txt');
    await page.close();
  });

  it('puts the file into the hidden input a styled label controls', async ({ browser, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/files/upload.html'));
    const result = await call(browser.panel, tabId, 'uploadFile', { ...ref('button', 'Choose a photo'), file });
    expect(result).toMatchObject({ ok: true, verified: true });
    await expect
      .poll(() => textIn(page, '#received'))
      .toBe(`Received notes.txt (${NOTES.length} bytes) by button: Meeting notes`);
    await page.close();
  });

  it('drops the file on a drop zone that takes it', async ({ browser, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/files/upload.html'));
    const result = await call(browser.panel, tabId, 'uploadFile', { ...ref('button', 'Drop files here'), file });
    expect(result).toMatchObject({ ok: true, verified: true });
    expect(result.effects).toContain('dom_change');
    expect(await textIn(page, '#received')).toBe(`Received notes.txt (${NOTES.length} bytes) by drop: Meeting notes`);
    await page.close();
  });

  it('says so, unverified, when the element takes no drop', async ({ browser, site }) => {
    const { tabId, page, ref } = await open(browser, site.url('/files/upload.html'));
    const result = await call(browser.panel, tabId, 'uploadFile', { ...ref('button', 'Not a drop zone'), file });
    expect(result).toMatchObject({ ok: true, verified: false });
    expect(result.reason).toMatch(/neither a file input nor a drop zone/);
    expect(await textIn(page, '#received')).toBe('Nothing received yet');
    await page.close();
  });
});
