// @vitest-environment jsdom
// A covering element on its way out (src/content/actions/pointer/leaving.ts): an animation that ends hidden is told
// from one that ends shown, and an aim covered by a leaving overlay waits for it and aims again, while one covered
// by an overlay that stays is refused at once.

import { afterEach, describe, expect, it } from 'vitest';
import {
  aimPastLeaving,
  endsHidden,
  heldRefusal,
  LEAVING_CAP_MS,
  leavingAnimations,
} from '../../../../src/content/actions/pointer/leaving';

type Frames = Record<string, string | number | null>[];

/** An Animation as the Web Animations API reports it: a keyframe effect on `target`, running unless `finished`. */
function animation(target: Element, frames: Frames, options: { direction?: string; rate?: number } = {}) {
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const state = { playState: 'running' as AnimationPlayState };
  const fake = {
    get playState() {
      return state.playState;
    },
    playbackRate: options.rate ?? 1,
    finished,
    effect: {
      target,
      getKeyframes: () => frames.map((frame, i) => ({ offset: i / Math.max(frames.length - 1, 1), ...frame })),
      getComputedTiming: () => ({ endTime: 300, iterations: 1, direction: options.direction ?? 'normal' }),
    },
  } as unknown as Animation;
  return {
    fake,
    end: () => {
      state.playState = 'finished';
      finish();
    },
  };
}

function withAnimations(list: Animation[]): void {
  (document as Document & { getAnimations: () => Animation[] }).getAnimations = () => list;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete (document as { getAnimations?: unknown }).getAnimations;
});

describe('an animation that ends hidden', () => {
  const el = document.createElement('div');

  it('fades to opacity 0, turns visibility hidden, or scales to nothing', () => {
    expect(endsHidden(animation(el, [{ opacity: '1' }, { opacity: '0' }]).fake)).toBe(true);
    expect(endsHidden(animation(el, [{ visibility: 'visible' }, { visibility: 'hidden' }]).fake)).toBe(true);
    expect(endsHidden(animation(el, [{ transform: 'scaleY(1)' }, { transform: 'scaleY(0)' }]).fake)).toBe(true);
    expect(endsHidden(animation(el, [{ transform: 'scale(1)' }, { transform: 'scale(0, 0)' }]).fake)).toBe(true);
  });

  it('is not one that ends shown: an overlay opening, or fading out played backwards', () => {
    expect(endsHidden(animation(el, [{ opacity: '0' }, { opacity: '1' }]).fake)).toBe(false);
    expect(endsHidden(animation(el, [{ transform: 'scale(0.8)' }, { transform: 'scale(1)' }]).fake)).toBe(false);
    expect(endsHidden(animation(el, [{ opacity: '1' }, { opacity: '0' }], { direction: 'reverse' }).fake)).toBe(false);
    expect(endsHidden(animation(el, [{ opacity: '1' }, { opacity: '0' }], { rate: -1 }).fake)).toBe(false);
  });
});

describe('an aim covered by an overlay', () => {
  function page() {
    document.body.innerHTML = `
      <button id="save">Save</button>
      <div id="overlay" style="position: absolute"><div id="paper"><div id="item">Archive</div></div><div id="backdrop"></div></div>`;
    return {
      save: document.getElementById('save') as HTMLElement,
      paper: document.getElementById('paper') as HTMLElement,
      backdrop: document.getElementById('backdrop') as HTMLElement,
      overlay: document.getElementById('overlay') as HTMLElement,
    };
  }

  it('counts the overlay as leaving when a part of it beside the hit fades out (a backdrop beside a menu’s paper)', () => {
    const { paper, backdrop } = page();
    const fading = animation(paper, [{ opacity: '1' }, { opacity: '0' }]);
    withAnimations([fading.fake]);
    expect(leavingAnimations(backdrop)).toEqual([fading.fake]);
    fading.end();
    expect(leavingAnimations(backdrop)).toEqual([]);
  });

  it('waits for a leaving overlay to go, and aims again', async () => {
    const { save, paper, overlay } = page();
    const fading = animation(paper, [{ opacity: '1' }, { opacity: '0' }]);
    withAnimations([fading.fake]);
    let attempts = 0;
    const aimed = aimPastLeaving(save, () => {
      attempts++;
      return overlay.isConnected ? { blocked: 'Another element would receive the pointer', coverer: paper } : {};
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(attempts).toBe(1);
    fading.end();
    overlay.remove();
    expect(await aimed).toEqual({});
    expect(attempts).toBeGreaterThan(1);
  });

  it('refuses at once when the overlay stays (no animation, or one that ends shown)', async () => {
    const { save, paper } = page();
    withAnimations([animation(paper, [{ opacity: '0' }, { opacity: '1' }]).fake]);
    let attempts = 0;
    const started = performance.now();
    const aimed = await aimPastLeaving(save, () => {
      attempts++;
      return { blocked: 'Another element would receive the pointer', coverer: paper };
    });
    expect(aimed.blocked).toMatch(/Another element/);
    expect(attempts).toBe(1);
    expect(performance.now() - started).toBeLessThan(LEAVING_CAP_MS / 2);
  });

  it('does not wait in a hidden tab, where the animation cannot run, and says why with the hidden-tab mark', async () => {
    const { save, paper } = page();
    withAnimations([animation(paper, [{ opacity: '1' }, { opacity: '0' }]).fake]);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      const started = performance.now();
      const aimed = await aimPastLeaving(save, () => ({ blocked: 'covered', coverer: paper }));
      expect(aimed).toMatchObject({ blocked: 'covered', held: true });
      expect(performance.now() - started).toBeLessThan(LEAVING_CAP_MS / 2);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    const refusal = heldRefusal(
      'Another element would receive the pointer: div.menu. Close or dismiss it first, or pick another element.',
    );
    expect(refusal).toMatchObject({ ok: false, hidden: 'animation' });
    expect(refusal.reason).toBe(
      'Another element would receive the pointer: div.menu. It is closing, but its animation cannot finish while the tab is in the background.',
    );
  });

  it('gives up after its cap when the leaving overlay never goes', async () => {
    const { save, paper } = page();
    withAnimations([animation(paper, [{ opacity: '1' }, { opacity: '0' }]).fake]);
    const started = performance.now();
    const aimed = await aimPastLeaving(save, () => ({ blocked: 'covered', coverer: paper }));
    expect(aimed.blocked).toBe('covered');
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
