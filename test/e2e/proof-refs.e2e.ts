// Refs that never change meaning (docs/contracts.md P-REF), in Chromium with the real panel, relay and content script.
// The "Delete my account" page pair: settings.html's first control is harmless, delete.html's first is the delete
// button, so a ref the model remembers from settings would, if numbers restarted in every document, name the delete
// button. The remembered ref must be refused as stale_ref naming the page the tab now shows, with nothing deleted, and
// the task goes on; a ref used on its own page still acts, and its result names the element.

import { navRoutes, pageLog } from '../support/nav-routes';
import { act, control, describe, expect, inOrder, it, openTab, play, runTask, type Seen, useKit } from './kit';

useKit({ routes: navRoutes() });

const settingsUrl = (site: { url(path: string): string }) => site.url('/proof/settings.html');

describe('refs that never change meaning', () => {
  it('refuses a ref remembered from the page the tab left as stale_ref, and nothing is deleted', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openTab(browser, settingsUrl(site));
    await page.bringToFront();
    let remembered = 0;
    const seen = play(
      model,
      inOrder([
        (s: Seen) => {
          remembered = control(s, 'button', /save settings/i).ref;
          return act('click', { ref: control(s, 'link', /delete account/i).ref });
        },
        // On delete.html now: the model clicks the ref it remembers from the settings page.
        () => act('click', { ref: remembered }),
        () => act('done', { success: false, answer: 'The ref I remembered was from the settings page; stopping.' }),
      ]),
    );

    const { result, events } = await runTask(browser.panel, 'Save my settings');

    expect(seen[1]?.url).toContain('/proof/delete.html');
    const refused = seen[2]?.results[0];
    expect(refused?.isError).toBe(true);
    expect(refused?.text).toContain(`click failed: Element [${remembered}] was on the page this tab left (`);
    expect(refused?.text).toMatch(/this tab now shows http:\/\/[^ ]+\/proof\/delete\.html[^ ]*\. Nothing was done\./);
    expect(refused?.text).toContain('(stale_ref: ');
    // The titles are the pages' words: inside the fence, after the trusted text.
    expect(refused?.text).toMatch(/BEGIN UNTRUSTED PAGE CONTENT[^\n]*\n.*"Account settings"\n.*"Delete account"/);
    const outcomes = events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome]] : []));
    expect(outcomes).toEqual([
      ['click', 'ok'],
      ['click', 'execute_error'],
      ['done', 'done_accepted'],
    ]);
    expect(result).toMatchObject({ status: 'failed' });
    expect(await page.textContent('#status')).toBe('Your account is still here.');
    expect(pageLog(site.hits).filter((entry) => entry.event === 'delete')).toEqual([]);
    await page.close();
  });

  it('acts on a ref on its own page and names the element in the result', async ({ browser, site, model }) => {
    const { page } = await openTab(browser, settingsUrl(site));
    await page.bringToFront();
    let save = 0;
    const seen = play(
      model,
      inOrder([
        (s: Seen) => {
          save = control(s, 'button', /save settings/i).ref;
          return act('click', { ref: save });
        },
        () => act('done', { success: true, answer: 'Saved.', evidence: { quotes: ['Settings saved.'] } }),
      ]),
    );

    const { result } = await runTask(browser.panel, 'Save my settings');

    const clicked = seen[1]?.results[0];
    expect(clicked?.isError).toBe(false);
    expect(clicked?.text).toMatch(
      new RegExp(
        `^click \\[${save}\\] \\(button\\): done \\(effects: [^)]+\\)\\. The element, in the page's words:\\n` +
          `BEGIN UNTRUSTED PAGE CONTENT id=(\\w+)\\nElement \\[${save}\\]: button "Save settings"\\nEND UNTRUSTED PAGE CONTENT id=\\1`,
      ),
    );
    expect(result).toMatchObject({ status: 'succeeded' });
    expect(await page.textContent('#status')).toBe('Settings saved.');
    await expect.poll(() => pageLog(site.hits).map((entry) => entry.event)).toContain('save');
    await page.close();
  });
});
