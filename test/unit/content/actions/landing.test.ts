// @vitest-environment jsdom
// A press that lands around the element it was aimed at (src/content/actions/pointer/landing.ts) counts only what
// changed in that element; a label's text pressed is seen through the box its label activation ticks
// (src/content/actions/effects/effects.ts §labelledControl), on jsdom's real MutationObserver and label activation.

import { afterEach, describe, expect, it } from 'vitest';
import type { ActionContext } from '../../../../src/content/actions/context';
import { EffectWatch } from '../../../../src/content/actions/effects/effects';
import { effectsIn, landedReason } from '../../../../src/content/actions/pointer/landing';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const byId = (id: string) => document.getElementById(id) as HTMLElement;

let watch: EffectWatch | null = null;
afterEach(() => {
  watch?.dispose();
  watch = null;
  document.body.innerHTML = '';
});

function rows(): void {
  document.body.innerHTML = `
    <div id="row"><span id="box" role="checkbox" aria-checked="false">☐</span> Invoices</div>
    <p id="status"></p>`;
}

describe('a press that landed on an ancestor of the aimed element', () => {
  it('does not count a change the ancestor made elsewhere as the element’s', async () => {
    rows();
    watch = new EffectWatch(document, byId('box'));
    byId('status').textContent = 'Opened Invoices';
    await flush();
    expect(watch.effects()).toContain('dom_change');
    expect(effectsIn(watch, byId('box'), byId('row'))).toEqual([]);
  });

  it('counts the element’s own state and a change inside it', async () => {
    rows();
    watch = new EffectWatch(document, byId('box'));
    byId('box').setAttribute('aria-checked', 'true');
    await flush();
    expect(effectsIn(watch, byId('box'), byId('row'))).toEqual(['dom_change', 'state_change']);

    watch.dispose();
    watch = new EffectWatch(document, byId('box'));
    byId('box').textContent = '☑';
    await flush();
    expect(effectsIn(watch, byId('box'), byId('row'))).toEqual(['dom_change']);
  });

  it('names where the press landed and the element that did not change', () => {
    rows();
    const ctx = { registry: { peek: () => undefined } } as unknown as ActionContext;
    const reason = landedReason(ctx, 'click', byId('row'), byId('box'), 12, true);
    expect(reason).toMatch(/^The click landed on div#row, which contains \[12\] checkbox/);
    expect(reason).toContain('[12] itself did not change (what changed is outside it)');
  });
});

describe('a label pressed', () => {
  it('is seen through the checkbox its activation ticks, which no mutation shows', async () => {
    document.body.innerHTML =
      '<label><input type="checkbox" id="news"> <span id="text">Send me the newsletter</span></label>';
    watch = new EffectWatch(document, byId('text'));
    byId('text').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await flush();
    expect((byId('news') as HTMLInputElement).checked).toBe(true);
    expect(watch.effects()).toEqual(['state_change']);
  });

  it('is seen through a control it names with for=, once', async () => {
    document.body.innerHTML =
      '<input type="checkbox" id="terms"><label id="label" for="terms">I accept the terms</label>';
    let changes = 0;
    byId('terms').addEventListener('change', () => changes++);
    watch = new EffectWatch(document, byId('label'));
    byId('label').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await flush();
    expect(changes).toBe(1);
    expect(watch.effects()).toEqual(['state_change']);
  });
});
