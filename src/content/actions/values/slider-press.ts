// One key press on an ARIA slider's thumb, as a person presses it: focus first (and let the page take the focus in),
// the key, then the frames the page takes to show the new value in aria-valuenow (aria-slider.ts, aria-scaled.ts).

import { deepActiveElement } from '../../snapshot/dom/dom';
import { keyEvent, parseKey } from '../keyboard/keyboard';
import { nextFrame } from '../pointer/pace';
import { parseSliderNumber } from './value-formats';

/** How long a press may take to show in aria-valuenow (a page that renders on the next frame). */
const FRAMES_TO_WAIT = 3;

function valueNow(slider: Element): number | null {
  return parseSliderNumber(slider.getAttribute('aria-valuenow') ?? '');
}

/**
 * Focus the thumb and let the page take the focus in before any key, as a person's key always comes later: a range
 * slider that picks the thumb its keys move from the focus it recorded (Mantine's RangeSlider keeps it in state set
 * by the thumb's focus event and, until that renders, moves the first thumb and focuses it) would otherwise move the
 * other thumb. Again before a press if the page moved focus away from the thumb.
 */
async function focusThumb(slider: Element): Promise<void> {
  if (deepActiveElement(slider.ownerDocument) === slider) return;
  (slider as HTMLElement).focus({ preventScroll: true });
  // A thumb that cannot take focus sent no focus event: nothing to wait for.
  if (deepActiveElement(slider.ownerDocument) === slider) await nextFrame(slider.ownerDocument);
}

export async function press(slider: Element, key: string): Promise<number | null> {
  await focusThumb(slider);
  const before = valueNow(slider);
  const spec = parseKey(key);
  keyEvent('keydown', slider, spec);
  keyEvent('keyup', slider, spec);
  // React renders a discrete event's update in a microtask; other pages on the next frame.
  await Promise.resolve();
  for (let frame = 0; frame < FRAMES_TO_WAIT && valueNow(slider) === before; frame++) {
    await nextFrame(slider.ownerDocument);
  }
  // Let the page's effects of that render run before the next key, as a person's next key always comes later:
  // Mantine's ColorSlider (the ColorPicker's alpha slider) keys from a thumb position it copies from the value in an
  // effect, so a key pressed before it ran moved from the old position again and the slider seemed stuck at 0.95.
  const now = valueNow(slider);
  if (now !== before) await nextFrame(slider.ownerDocument);
  return now;
}
