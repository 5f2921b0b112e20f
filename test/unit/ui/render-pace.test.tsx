// @vitest-environment jsdom
// The panel coalesces its draws (src/panel/ui/render-pace.ts): one per frame, or one per HIDDEN_DRAW_MS when no
// frame comes, so a burst of store changes from several tasks costs one render.
import { options, render } from 'preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FrameClock,
  HIDDEN_DRAW_MS,
  MIN_DRAW_GAP_MS,
  nextDraw,
  paceRenders,
} from '../../../src/panel/ui/render-pace';

/** A clock the test moves by hand: frames come when it says, timers when it advances past them. */
function handClock() {
  let now = 0;
  let nextId = 1;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: FrameClock = {
    requestAnimationFrame: (callback) => {
      frames.set(nextId, callback);
      return nextId++;
    },
    cancelAnimationFrame: (id) => void frames.delete(id),
    setTimeout: ((run: () => void, ms: number) => {
      timers.set(nextId, { at: now + ms, run });
      return nextId++;
    }) as unknown as FrameClock['setTimeout'],
    clearTimeout: ((id: number) => void timers.delete(id)) as unknown as FrameClock['clearTimeout'],
    performance: { now: () => now },
  };
  return {
    clock,
    frame() {
      const due = [...frames.values()];
      frames.clear();
      for (const run of due) run();
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.run();
        }
      }
    },
    pending: () => frames.size + timers.size,
  };
}

/** A component that shows a number: `bump` sets it, `renders` counts its renders. */
function mountCounter() {
  const counter = { renders: 0, bump: (_n: number) => {}, root: document.createElement('div') };
  function Counter() {
    const [n, setN] = useState(0);
    counter.bump = setN;
    counter.renders++;
    return <p>{n}</p>;
  }
  render(<Counter />, counter.root);
  return counter;
}

describe('the panel draws at most once per frame (render-pace.ts)', () => {
  const before = { debounceRendering: options.debounceRendering, event: options.event };
  afterEach(() => {
    options.debounceRendering = before.debounceRendering;
    options.event = before.event;
  });

  it('draws once, at the frame, and drops the fallback timer', () => {
    const hand = handClock();
    let draws = 0;
    nextDraw(hand.clock, () => draws++);
    expect(draws).toBe(0);
    hand.frame();
    expect(draws).toBe(1);
    expect(hand.pending()).toBe(0);
    hand.advance(HIDDEN_DRAW_MS);
    expect(draws).toBe(1);
  });

  it('draws after HIDDEN_DRAW_MS when no frame comes (a hidden panel), and not again at a later frame', () => {
    const hand = handClock();
    let draws = 0;
    nextDraw(hand.clock, () => draws++);
    hand.advance(HIDDEN_DRAW_MS - 1);
    expect(draws).toBe(0);
    hand.advance(1);
    expect(draws).toBe(1);
    hand.frame();
    expect(draws).toBe(1);
  });

  it('turns many store changes between two frames into one render of the component', async () => {
    const hand = handClock();
    paceRenders(hand.clock);
    const counter = mountCounter();
    const { root } = counter;
    expect(counter.renders).toBe(1);
    for (let n = 1; n <= 5; n++) counter.bump(n);
    // Preact's own default would have drawn on the next microtask.
    await Promise.resolve();
    expect(counter.renders).toBe(1);
    expect(root.textContent).toBe('0');
    hand.frame();
    expect(counter.renders).toBe(2);
    expect(root.textContent).toBe('5');
    render(null, root);
  });

  it('keeps draws for changes that keep coming MIN_DRAW_GAP_MS apart, frames or not, and draws the last change', async () => {
    const hand = handClock();
    paceRenders(hand.clock);
    const counter = mountCounter();
    const { root } = counter;
    counter.bump(1);
    hand.frame();
    expect(counter.renders).toBe(2);
    // A change right after a draw waits out the gap: frames meanwhile draw nothing.
    counter.bump(2);
    hand.advance(16);
    hand.frame();
    hand.advance(16);
    hand.frame();
    expect(counter.renders).toBe(2);
    counter.bump(3);
    hand.advance(MIN_DRAW_GAP_MS - 32);
    expect(counter.renders).toBe(3);
    expect(root.textContent).toBe('3');
    // After a quiet spell, the next change is drawn at the next frame again.
    hand.advance(MIN_DRAW_GAP_MS);
    counter.bump(4);
    hand.frame();
    expect(counter.renders).toBe(4);
    expect(hand.pending()).toBe(0);
    render(null, root);
  });

  it("draws what the person's input changed before the next event, with no frame, so Enter sends the typed text", async () => {
    const hand = handClock();
    paceRenders(hand.clock);
    const sent: string[] = [];
    function Composer() {
      const [text, setText] = useState('');
      return (
        <input
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') sent.push(text);
          }}
        />
      );
    }
    const root = document.createElement('div');
    document.body.append(root);
    render(<Composer />, root);
    const input = root.querySelector('input') as HTMLInputElement;
    input.value = 'Buy a fern';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // The handler's change is drawn on the microtask after the event, not at the next frame.
    await Promise.resolve();
    await Promise.resolve();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(sent).toEqual(['Buy a fern']);
    expect(hand.pending()).toBe(0);
    render(null, root);
    root.remove();
  });
});
