// Texts a model reads (docs/contracts.md P-TXT): a missing argument is "`ref` is required"; a URL is refused for the
// part that is wrong; every echo of what the model sent is capped with a note of the cut; the person's summary of a
// done is bounded while the whole answer stays in the result.

import { describe, expect, it } from 'vitest';
import { SUMMARY_MAX_CHARS } from '../../../../src/panel/agent/core/echo';
import { setupAgent } from '../fakes/harness';
import { call, calls, toolResults } from '../fakes/scripted-model';
import { SHOP, SITE } from '../fakes/sites';

const giveUp = call('done', { success: false, answer: 'Giving up.' });

async function answersTo(turn: ReturnType<typeof calls>, settings = {}) {
  const h = setupAgent({ site: SITE, startUrl: SHOP, settings, turns: [turn, giveUp] });
  await h.controller.execute('Do it');
  return toolResults(h.model.requests[1]).map((r) => r.text);
}

describe('texts for a model', () => {
  it('says a missing argument is required', async () => {
    const [click, type] = await answersTo(calls({ name: 'click', input: {} }, { name: 'type', input: { ref: 1 } }));
    expect(click).toBe('Invalid input for click: `ref` is required. Fix it and call again.');
    expect(type).toBe('Invalid input for type: `text` is required. Fix it and call again.');
  });

  it('refuses an http(s) URL for the part that is wrong: port, host or scheme', async () => {
    const [port, host, scheme, empty] = await answersTo(
      calls(
        { name: 'open_url', input: { url: 'http://example.com:99999/' } },
        { name: 'open_url', input: { url: 'http://exa mple.com/' } },
        { name: 'open_url', input: { url: 'ftp://example.com/file' } },
        { name: 'open_url', input: { url: 'https://' } },
      ),
    );
    expect(port).toContain('the port "99999" is not valid: a port is a number from 0 to 65535');
    expect(host).toContain('the host "exa mple.com" is not a valid host name');
    expect(scheme).toContain('the scheme "ftp:" cannot be opened: only http:// and https:// web pages can');
    expect(empty).toContain('it has no host');
    for (const text of [port, host, empty]) expect(text).not.toContain('only http(s) web pages can be operated');
  });

  it('caps every echo of a string the model sent, with a note of the cut', async () => {
    const huge = 'x'.repeat(800_479);
    const answers = await answersTo(
      calls(
        { name: 'open_url', input: { url: `ftp://${huge}` } },
        { name: 'click', inputError: { message: 'Unexpected token', raw: `{"ref": ${huge}` } },
        { name: `browser.${huge}` },
        { name: 'wait_for', input: { text: huge, timeoutMs: 100 } },
        { name: 'press_key', input: { key: huge } },
        { name: 'click', input: { ref: 1, [huge]: true } },
      ),
    );
    expect(answers).toHaveLength(6);
    for (const text of answers) expect(text.length).toBeLessThan(2_100);
    expect(answers[0]).toContain('…(cut: 800,185 characters)');
    expect(answers[1]).toContain('…(cut: 800,187 characters)');
    expect(answers[2]).toContain('Unknown tool "browser.');
    expect(answers[2]).toContain('characters)"');
    expect(answers[3]).toContain('…(cut: 800,179 characters)');
    expect(answers[4]).toContain('characters)');
    expect(answers[5]).toContain('characters)');
  });

  it("bounds the person's summary of a done and keeps the whole answer in the result", async () => {
    const answer = `The order list: ${'item, '.repeat(66_000)}`;
    const h = setupAgent({ site: SITE, startUrl: SHOP, turns: [call('done', { success: false, answer })] });

    const result = await h.controller.execute('List the orders');

    expect(result.summary.length).toBeLessThan(SUMMARY_MAX_CHARS + 50);
    expect(result.summary).toMatch(/…\(cut: [\d,]+ characters\)$/);
    expect(result.answer).toBe(answer);
    expect(h.of('task_finished')[0]).toMatchObject({ answer });
  });
});
