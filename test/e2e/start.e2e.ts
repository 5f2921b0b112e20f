// `npm start` without a display: the main job from the README, end to end. (npm test has built dist/ already, so
// this runs the script itself rather than `npm start`, which would build again.)

import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = resolve(ROOT, 'test-results/start');

function runStart(): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.ANTHROPIC_API_KEY; // the offline demo model, whatever the machine has set
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/demo/start.ts'], { cwd: ROOT, env });
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
    expect(output).toMatch(/■ succeeded \(verified\): .*order number is FF-\d{6}/);
    expect(code, output).toBe(0);
    expect(existsSync(resolve(OUT, 'panel.png'))).toBe(true);
    expect(existsSync(resolve(OUT, 'page.png'))).toBe(true);
  }, 120_000);
});
