// Which key brings an ARIA slider closer to a value (https://www.w3.org/WAI/ARIA/apg/patterns/slider/: Home and
// End go to the minimum and maximum, arrows move one step, Page Up and Page Down a larger one). Pure: the driver
// (aria-slider.ts) presses the key, reads aria-valuenow back and asks again.

export type SliderKey = 'Home' | 'End' | 'ArrowRight' | 'ArrowLeft' | 'PageUp' | 'PageDown';

export interface SliderState {
  now: number;
  min: number;
  max: number;
  /** How far one arrow press moved it, once seen. */
  arrowStep?: number;
  /** How far one Page Up/Down moved it, once seen. */
  pageStep?: number;
  /** Page keys overshot once: only arrows from then on. */
  arrowsOnly?: boolean;
}

/** Page keys are worth it from this many arrow steps away. */
const PAGE_FROM_STEPS = 10;

export function nextSliderKey(state: SliderState, target: number): SliderKey | null {
  const { now, min, max, arrowStep, pageStep } = state;
  if (now === target) return null;
  if (target <= min) return now > min ? 'Home' : null;
  if (target >= max) return now < max ? 'End' : null;
  const distance = Math.abs(target - now);
  const up = target > now;
  if (arrowStep !== undefined && distance < arrowStep / 2) return null;
  const far = arrowStep !== undefined && distance >= PAGE_FROM_STEPS * arrowStep;
  if (far && !state.arrowsOnly && (pageStep === undefined || pageStep <= distance)) return up ? 'PageUp' : 'PageDown';
  return up ? 'ArrowRight' : 'ArrowLeft';
}

/** After a press that went past the target: whether the value before it was the closer one. */
export function overshot(before: number, after: number, target: number): boolean {
  return (before < target && after > target) || (before > target && after < target);
}
