// What an action did: started from before the action, it records DOM mutations (in the target's document, shadow
// roots and frames), navigation, focus, state and value changes, scrolling and new windows; then waits for a quiet
// window and reports the effects it saw.

import type { ActionEffect, ActionResult } from '../../../shared/page-types';
import { composedContains, deepActiveElement } from '../../snapshot/dom/dom';
import { isTextEntry } from '../../snapshot/naming/roles';
import type { ActionContext } from '../context';
import { afterAnimations, animationsNow } from './animations';
import { type ChurnTracker, isBackground } from './churn';
import { EXPECTED_QUIET_MS, isOwnMutation, OBSERVE_ALL, QUIET_MS, rootsOf, SETTLE_CAP_MS } from './settle';
import { wakeAfter } from './wake';

interface Observed {
  checked: string | null;
  value: string | null;
  aria: string;
  open: boolean | null;
}

function observe(element: Element): Observed {
  const input = element as HTMLInputElement;
  return {
    checked: 'checked' in input && typeof input.checked === 'boolean' ? String(input.checked) : null,
    value: 'value' in input && typeof input.value === 'string' ? input.value : null,
    aria: ['aria-checked', 'aria-expanded', 'aria-selected', 'aria-pressed', 'aria-current']
      .map((name) => element.getAttribute(name) ?? '')
      .join('|'),
    open: 'open' in element ? Boolean((element as HTMLDetailsElement).open) : null,
  };
}

/**
 * The control a press on `target` activates besides the target itself: the control of the label the target is or lies
 * in (a label's text pressed ticks its checkbox through the browser's label activation, which changes the box's
 * `checked` without a DOM mutation), when that control is not the target or inside it.
 */
export function labelledControl(target: Element): Element | null {
  const label = target.closest('label') as HTMLLabelElement | null;
  const control = label?.control ?? null;
  return control && !composedContains(target, control) ? control : null;
}

export class EffectWatch {
  private readonly observer: MutationObserver;
  private readonly win: Window;
  private readonly started = performance.now();
  private readonly urlBefore: string;
  private readonly focusBefore: Element | null;
  private readonly stateBefore: Observed;
  private readonly control: Element | null;
  private readonly controlBefore: Observed | null;
  private readonly scrollBefore: [number, number];
  private readonly animationsBefore: ReadonlySet<Animation>;
  private mutations = 0;
  /** Mutations inside the target itself (its attributes, text and children). */
  private inside = 0;
  private lastChange = performance.now();
  private navigation: 'cross' | 'same' | null = null;
  private newWindow = false;
  private stalledAnimation = false;
  private wake: (() => void) | null = null;
  private readonly cleanup: (() => void)[] = [];

  /** The watch of an action on `target`, with the action's churn tracker and expected effects. */
  static of(ctx: Pick<ActionContext, 'doc' | 'churn' | 'expect'>, target: Element): EffectWatch {
    return new EffectWatch(ctx.doc, target, ctx.churn, ctx.expect);
  }

  /**
   * With `churn`, mutations of elements the page was already churning when the action started are not effects. With
   * `expect` (a replayed step's recorded kinds of effect), the quiet window shrinks to EXPECTED_QUIET_MS once one of
   * them was seen.
   */
  constructor(
    private readonly doc: Document,
    private readonly target: Element,
    churn?: ChurnTracker,
    private readonly expect?: readonly ActionEffect[],
  ) {
    this.win = doc.defaultView ?? window;
    const churning = churn?.churningNow() ?? new Set<Element>();
    if (churn) this.cleanup.push(churn.beginAction());
    this.urlBefore = doc.location.href;
    this.focusBefore = deepActiveElement(doc);
    this.stateBefore = observe(target);
    this.control = labelledControl(target);
    this.controlBefore = this.control ? observe(this.control) : null;
    this.scrollBefore = [this.win.scrollX, this.win.scrollY];
    this.animationsBefore = animationsNow(doc);
    this.observer = new MutationObserver((records) => {
      const counted = records.filter((record) => !isOwnMutation(record) && !isBackground(record, churning));
      const count = counted.length;
      if (count === 0) return;
      this.mutations += count;
      this.inside += counted.filter((record) => this.holds(record.target)).length;
      this.lastChange = performance.now();
      this.wake?.();
    });
    for (const root of rootsOf(target)) this.observer.observe(root, OBSERVE_ALL);
    this.listen(this.win, 'beforeunload', () => this.navigated('cross'));
    this.listen(this.win, 'pagehide', () => this.navigated('cross'));
    this.listen(this.win, 'hashchange', () => this.navigated('same'));
    this.listen(this.win, 'popstate', () => this.navigated('same'));
    const navigation = (this.win as Window & { navigation?: EventTarget }).navigation;
    if (navigation) {
      this.listen(navigation, 'navigate', (event) => {
        const destination = (event as NavigateEvent).destination;
        this.navigated(destination.sameDocument ? 'same' : 'cross');
      });
    }
    // The document turning hidden is not read as a new window: the person switching tabs hides it too, and a page
    // cannot open a foreground window from the synthetic events an action sends (window.open needs user activation,
    // https://html.spec.whatwg.org/multipage/interaction.html#tracking-user-activation). A link or form with a target
    // says so itself (expectNewWindow), and the panel lists every tab the page opened in the next observation.
  }

  /** A new window is expected (a target=_blank link that was activated). */
  expectNewWindow(): void {
    this.newWindow = true;
  }

  /**
   * Waits until the page is quiet: `quietMs` without mutations after the last one. With `untilFirst`, silence
   * counts only after a first effect, so an action whose effect comes late (a fetch) is still seen, up to `maxMs`.
   * A cross-document navigation ends the wait at once (this document is going away).
   */
  async settle(options: { quietMs?: number; maxMs?: number; untilFirst?: boolean } = {}): Promise<void> {
    const deadline = this.started + (options.maxMs ?? SETTLE_CAP_MS);
    for (;;) {
      if (this.navigation === 'cross') return;
      const now = performance.now();
      if (now >= deadline) return;
      // Read once per wake: the effects are read from the page.
      const effects = this.effects();
      const seen = effects.length > 0;
      const expected = this.expect !== undefined && effects.some((effect) => this.expect?.includes(effect));
      const quietMs = expected ? EXPECTED_QUIET_MS : (options.quietMs ?? QUIET_MS);
      const quietAt = this.lastChange + quietMs;
      if (now >= quietAt && (seen || !options.untilFirst)) return;
      const until = seen || !options.untilFirst ? Math.min(quietAt, deadline) : deadline;
      await new Promise<void>((resolve) => {
        const cancel = wakeAfter(this.doc, Math.max(0, until - now), finish);
        function finish() {
          cancel();
          resolve();
        }
        this.wake = finish;
      });
      this.wake = null;
    }
  }

  /**
   * Waits for the finite animations the action set off (a tree node sliding open, a carousel's track moving, a
   * menu fading in), then for a quiet window, so the result and the next observation see the page at rest.
   */
  async settleAnimations(): Promise<void> {
    if (this.navigation === 'cross') return;
    const { stalled } = await afterAnimations(this.target, this.animationsBefore);
    if (stalled) this.stalledAnimation = true;
  }

  /**
   * The result, marked when an animation the action set off could not run because the tab is hidden: what the page
   * does at its end waits until the person looks at the tab, and the panel says so.
   */
  withHidden(result: ActionResult): ActionResult {
    return this.stalledAnimation ? { ...result, hidden: 'animation' } : result;
  }

  effects(): ActionEffect[] {
    const effects: ActionEffect[] = [];
    if (this.navigation || this.doc.location.href !== this.urlBefore) effects.push('navigation');
    if (this.newWindow) effects.push('new_window');
    if (this.mutations > 0) effects.push('dom_change');
    const focus = deepActiveElement(this.doc);
    if (focus !== this.focusBefore && focus && focus !== this.doc.body) {
      // Focus that lands inside the target counts only where a person sees it: a caret in a text field. A button
      // that takes focus when clicked has not done anything yet (docs/contracts.md PT-F1).
      if (!composedContains(this.target, focus) || isTextEntry(focus)) effects.push('focus_change');
    }
    const after = observe(this.target);
    if (
      after.checked !== this.stateBefore.checked ||
      after.aria !== this.stateBefore.aria ||
      after.open !== this.stateBefore.open
    ) {
      effects.push('state_change');
    }
    if (after.value !== this.stateBefore.value) effects.push('value_change');
    if (this.control && this.controlBefore && !effects.includes('state_change')) {
      const now = observe(this.control);
      if (now.checked !== this.controlBefore.checked || now.aria !== this.controlBefore.aria)
        effects.push('state_change');
    }
    if (this.win.scrollX !== this.scrollBefore[0] || this.win.scrollY !== this.scrollBefore[1]) effects.push('scroll');
    return effects;
  }

  get mutationCount(): number {
    return this.mutations;
  }

  /** How many mutations happened inside the target itself: a change a press on its ancestor made to it. */
  get mutationsInside(): number {
    return this.inside;
  }

  dispose(): void {
    this.observer.disconnect();
    for (const off of this.cleanup) off();
    this.wake = null;
  }

  private holds(node: Node): boolean {
    const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
    return element !== null && composedContains(this.target, element);
  }

  private navigated(kind: 'cross' | 'same'): void {
    if (this.navigation !== 'cross') this.navigation = kind;
    this.lastChange = performance.now();
    this.wake?.();
  }

  /**
   * Only events the browser made count (`isTrusted`): a page that dispatches its own `beforeunload`, `popstate`,
   * `navigate` or `visibilitychange` would otherwise make an action that did nothing report a navigation or a new
   * tab, and end the settle wait early (decision 0025).
   */
  private listen(target: EventTarget, type: string, handler: (event: Event) => void): void {
    const trusted = (event: Event) => {
      if (event.isTrusted) handler(event);
    };
    target.addEventListener(type, trusted);
    this.cleanup.push(() => target.removeEventListener(type, trusted));
  }
}
