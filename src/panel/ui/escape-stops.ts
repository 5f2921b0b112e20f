// Esc stops the running task from anywhere in the panel, not only from the composer (docs/contracts.md U-ROOM). What
// Esc means closer to the focus comes first: a component that handles Esc itself (a menu, a confirmation) calls
// preventDefault, and Esc inside an open dialog or menu is left to close it.

import { useEffect } from 'preact/hooks';
import type { PanelCommands } from './commands';

/** Where Esc belongs to something else: a dialog, a menu, a listbox (the browser or the component closes it). */
const OWNS_ESCAPE = 'dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Whether an Esc keydown should stop the running task. */
export function isStopEscape(event: KeyboardEvent): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return false;
  const target = event.target;
  if (target instanceof Element && target.closest(OWNS_ESCAPE)) return false;
  // A modal dialog open elsewhere takes Esc first, whatever has the focus.
  return document.querySelector('dialog[open]') === null;
}

/** While `running`, Esc anywhere in the panel stops the task. */
export function useEscapeStops(running: boolean, commands: Pick<PanelCommands, 'stop'>): void {
  useEffect(() => {
    if (!running) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isStopEscape(event)) return;
      event.preventDefault();
      commands.stop();
    };
    // Bubbling phase: a component's own Esc handler runs first and can claim the key.
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [running, commands]);
}
