// No confused deputy on downloads (decision 0025). A page on evil.test cannot read intranet.test/secret.txt, but
// it can have the agent click a button that downloads it (the browser fetches it with the person's cookies there) and then ask
// for "the invoice" back through a file input. The panel would fetch the download again with those cookies: it asks
// the person about the intranet first. Denied, nothing is fetched again and the page receives nothing; allowed, the
// upload works as before. Chromium maps *.test to the fixture server, whose host log records every request.

import { INTRANET_SECRET, intranetRoutes } from '../support/files-routes';
import { hostLog, permissionBox } from '../support/perm-sites';
import { act, control, describe, expect, giveUp, it, openTab, outcomes, play, runTask, textIn, useKit } from './kit';

const log = hostLog();

useKit({ routes: [log.route, intranetRoutes], hostResolverRules: 'MAP *.test 127.0.0.1' });

/** The scripted model: click the invoice button, upload the download into the page, then report. */
function invoiceModel() {
  return (seen: Parameters<Parameters<typeof play>[1]>[0]) => {
    if (seen.previousTools.includes('upload_file')) {
      const [upload] = seen.results;
      if (upload?.isError) return giveUp('The invoice could not be uploaded: the intranet was not allowed.');
      const quote = `Received invoice.txt (${Buffer.byteLength(INTRANET_SECRET)} bytes)`;
      return act('done', { success: true, answer: 'Uploaded.', evidence: { quotes: [quote] } });
    }
    if (seen.previousTools.includes('click')) {
      return act('upload_file', { ref: control(seen, 'button', /invoice file/i).ref, file: 'invoice.txt' });
    }
    return act('click', { ref: control(seen, 'button', /download the invoice/i).ref });
  };
}

describe('a download a page chose, uploaded back to it', () => {
  it('asks about the intranet before fetching the invoice again; Deny: nothing is fetched, the page gets nothing', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const evil = `http://evil.test:${site.port}`;
    const intranet = `http://intranet.test:${site.port}`;
    const { page } = await openTab(browser, `${evil}/sites/invoice-upload.html?t=deny`);
    await page.bringToFront();
    play(model, invoiceModel());

    const running = runTask(panel, 'Download the invoice and upload it back on this page');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(intranet);
    expect(await ask.why.textContent()).toContain(`download invoice.txt again from ${intranet}/sites/secret.txt`);
    // The browser's download is the only request the intranet has had: nothing is fetched while the person decides.
    expect(log.to(intranet, '/sites/secret.txt')).toHaveLength(1);
    await ask.deny.click();
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'failed' });
    expect(outcomes(events)).toEqual([
      ['click', 'ok'],
      ['upload_file', 'execute_error'],
      ['done', 'done_accepted'],
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'permission_decided', origin: intranet, decision: 'deny', by: 'person' }),
    );
    expect(log.to(intranet, '/sites/secret.txt')).toHaveLength(1);
    expect(log.to(evil, '/sites/collect')).toEqual([]);
    expect(log.requests.filter((request) => request.includes('INTRANET-SECRET'))).toEqual([]);
    expect(await textIn(page, '#received')).toBe('Nothing received yet');
    await page.close();
  });

  it('Allow once: the invoice is fetched again and uploaded, as before', async ({ browser, site, model, panel }) => {
    const evil = `http://evil.test:${site.port}`;
    const intranet = `http://intranet.test:${site.port}`;
    const { page } = await openTab(browser, `${evil}/sites/invoice-upload.html?t=allow`);
    await page.bringToFront();
    const before = log.to(intranet, '/sites/secret.txt').length;
    play(model, invoiceModel());

    const running = runTask(panel, 'Download the invoice and upload it back on this page');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(intranet);
    await ask.allowOnce.click();
    const { result, events } = await running;

    expect(result, JSON.stringify(events.filter((e) => e.type === 'tool_result'))).toMatchObject({
      status: 'succeeded',
      verified: true,
    });
    // The download, then the fetch the person allowed.
    expect(log.to(intranet, '/sites/secret.txt')).toHaveLength(before + 2);
    await expect
      .poll(() => log.to(evil, '/sites/collect'))
      .toEqual([`${evil}/sites/collect?data=${encodeURIComponent(INTRANET_SECRET)}`]);
    await page.close();
  });
});
