// Which key brings an ARIA slider closer to a value (https://www.w3.org/WAI/ARIA/apg/patterns/slider/: Home and
// End go to the minimum and maximum, arrows move one step, Page Up and Page Down a larger one). Sliders implement
// parts of it (Mantine's has no Page keys, some only Up and Down), so a key that did not move the slider is not
// pressed again and the next one that may is chosen. Pure: the driver (aria-slider.ts) presses the key, reads
// aria-valuenow back and asks again.

export type SliderKey = 'Home' | 'End' | 'ArrowRight' | 'ArrowUp' | 'ArrowLeft' | 'ArrowDown' | 'PageUp' | 'PageDown';

export interface SliderState {
  now: number;
  min: number;
  max: number;
  /** How far one arrow press moved it, once seen. */
  arrowStep?: number;
  /**
   * Two arrow presses in a row moved it by the same amount: its steps are even, so a value closer than half a step
   * is the nearest it takes. Until then one more press is tried, as a slider whose stops are unevenly spaced (marks
   * only, a non-linear scale) may have one right beside the value.
   */
  evenSteps?: boolean;
  /** How far one Page Up/Down moved it, once seen. */
  pageStep?: number;
  /** Page keys overshot once: only arrows from then on. */
  arrowsOnly?: boolean;
  /** Keys that were pressed and did not move it. */
  dead?: ReadonlySet<SliderKey>;
}

/** Page keys are worth it from this many arrow steps away. */
const PAGE_FROM_STEPS = 10;
const UP: readonly SliderKey[] = ['ArrowRight', 'ArrowUp'];
const DOWN: readonly SliderKey[] = ['ArrowLeft', 'ArrowDown'];

export function nextSliderKey(state: SliderState, target: number): SliderKey | null {
  const { now, min, max, arrowStep, pageStep } = state;
  const dead = state.dead ?? new Set<SliderKey>();
  if (now === target) return null;
  if (target <= min && !dead.has('Home')) return now > min ? 'Home' : null;
  if (target >= max && !dead.has('End')) return now < max ? 'End' : null;
  const distance = Math.abs(target - now);
  const up = target > now;
  if (arrowStep !== undefined && state.evenSteps && distance < arrowStep / 2) return null;
  const far = arrowStep !== undefined && distance >= PAGE_FROM_STEPS * arrowStep;
  const page: SliderKey = up ? 'PageUp' : 'PageDown';
  if (far && !state.arrowsOnly && !dead.has(page) && (pageStep === undefined || pageStep <= distance)) return page;
  return (up ? UP : DOWN).find((key) => !dead.has(key)) ?? null;
}

/** After a press that went past the target: whether the value before it was the closer one. */
export function overshot(before: number, after: number, target: number): boolean {
  return (before < target && after > target) || (before > target && after < target);
}

/** Whether two steps are the same, but for floating-point noise (0.95 - 0.9 is not 0.05). */
export function sameStep(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

export function isArrow(key: SliderKey): boolean {
  return key.startsWith('Arrow');
}
