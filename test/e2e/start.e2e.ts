// `npm start` without a display: the main job from the README, end to end, on the offline demo model and, with a
// key, through the real client against the stand-in of the Messages API on each kind of model: a thinking 5.x model
// (the default), a model without thinking, and an Anthropic-compatible local server. (npm test has built dist/
// already, so this runs the script itself rather than `npm start`, which would build again.) The script launches a
// browser of its own: the kit's is never started here, only its stand-in, which checks the script's key.

import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { playShop } from '../support/shop-model';
import { describe, expect, it, play, useKit } from './kit';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = resolve(ROOT, 'test-results/start');
const KEY = 'sk-ant-start-test';

useKit({ model: { apiKey: KEY }, apiKey: null });

function runStart(model?: { baseUrl: string; id: string }): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const env = { ...process.env };
    delete env.DISPLAY;
    // The offline demo model, or the stand-in: never whatever the machine has set.
    delete env.ANTHROPIC_API_KEY;
    delete env.ANTHROPIC_BASE_URL;
    delete env.STEADYHAND_MODEL;
    if (model)
      Object.assign(env, { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: model.baseUrl, STEADYHAND_MODEL: model.id });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/tooling/start.ts'], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => done({ code, output }));
  });
}

describe('npm start, headless', () => {
  it('plays the demo task on the demo shop to a verified success, printing each step', async () => {
    rmSync(OUT, { recursive: true, force: true });
    const { code, output } = await runStart();
    expect(output).toContain('Model: the offline demo model.');
    expect(output).toMatch(/step 1 · http:\/\/127\.0\.0\.1:\d+\//);
    expect(output).toMatch(/→ click "Add to cart"/);
    expect(output).toMatch(/→ type "Email" .*ada@example\.com/);
    // The order waits for the person's yes (issue 25): headless, the script answers Allow once in the panel.
    expect(output).toMatch(/\? asks the person before "Place order" \(order\) on http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toContain('✓ allowed by person: "Place order"');
    expect(output).toMatch(/■ succeeded \(verified\): .*order number is FF-\d{6}/);
    expect(code, output).toBe(0);
    expect(existsSync(resolve(OUT, 'panel.png'))).toBe(true);
    expect(existsSync(resolve(OUT, 'page.png'))).toBe(true);
  }, 120_000);
});

describe('npm start, headless, with a key, against the stand-in of the Messages API', () => {
  for (const id of ['claude-sonnet-5-5', 'claude-haiku-4-5', 'qwen3-coder:30b']) {
    it(`completes the demo task verified on ${id}, with no request refused`, async ({ model }) => {
      play(model, (seen) => playShop(seen.request, seen.index));
      const { code, output } = await runStart({ baseUrl: model.url, id });
      expect(output).toContain('Model: your Anthropic API key (from ANTHROPIC_API_KEY).');
      expect(output).toMatch(/■ succeeded \(verified\): .*order number is FF-\d{6}/);
      expect(code, output).toBe(0);
      expect(model.rejections.map((r) => r.rejection?.message)).toEqual([]);
      // Served by the profile of the model asked for (an alias is served by its dated snapshot).
      const served = [...new Set(model.messageRequests.map((r) => r.profile))];
      expect(served).toEqual([expect.stringMatching(id.startsWith('claude-') ? `^${id}` : '^compatible$')]);
    }, 120_000);
  }
});
