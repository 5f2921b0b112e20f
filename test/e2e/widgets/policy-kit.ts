// What the widget policies share: finding controls in the observation as a model reads it, and finishing with
// evidence the page shows. Policies read only `seen` (the observation text), never the page's DOM.

import { act, type Policy, type Seen, type SeenControl } from '../kit';

export { act, control } from '../kit';
export type { Policy, Seen, SeenControl };

/** The first control with one of these roles whose name matches, or undefined. */
export function find(seen: Seen, roles: string | string[], name: RegExp): SeenControl | undefined {
  const wanted = [roles].flat();
  return seen.controls.find((c) => wanted.includes(c.role) && name.test(c.name));
}

/** Like find, but the policy fails (and the task with it) when the observation has no such control. */
export function need(seen: Seen, roles: string | string[], name: RegExp): SeenControl {
  const found = find(seen, roles, name);
  if (!found) throw new Error(`No ${[roles].flat().join('/')} matching ${name} in:\n${seen.text}`);
  return found;
}

/**
 * The lines of the observation itself, from its step line on: the tool results before it quote the page too (an
 * action's result names its element, "Element [12]: menuitem "Berlin""), and are not where the page is now.
 */
function pageLines(seen: Seen): string[] {
  const lines = seen.text.split('\n');
  const start = lines.findLastIndex((line) => /^Step \d+ \(/.test(line));
  return start < 0 ? lines : lines.slice(start);
}

/** The observation line of a control (its states: expanded, selected, checked...). */
export function lineOf(seen: Seen, control: SeenControl): string {
  return pageLines(seen).find((line) => line.startsWith(`[${control.ref}] `)) ?? '';
}

/** The index, among the observation's lines, of the first page line matching `pattern` (not the task's own line). */
function lineIndex(seen: Seen, pattern: RegExp): number {
  return pageLines(seen).findIndex((line) => !line.startsWith('Task:') && pattern.test(line));
}

/** The nearest control of this role listed before the first line matching `text` (a row's checkbox before its name). */
export function controlBefore(seen: Seen, role: string, text: RegExp): SeenControl | undefined {
  const at = lineIndex(seen, text);
  if (at < 0) return undefined;
  const lines = pageLines(seen);
  return seen.controls
    .filter((c) => c.role === role)
    .findLast((c) => {
      const index = lines.indexOf(lineOf(seen, c));
      return index >= 0 && index < at;
    });
}

/** The nearest control of this role listed after the first line matching `text`. */
export function controlAfter(seen: Seen, role: string, text: RegExp): SeenControl | undefined {
  const at = lineIndex(seen, text);
  if (at < 0) return undefined;
  const lines = pageLines(seen);
  return seen.controls.filter((c) => c.role === role).find((c) => lines.indexOf(lineOf(seen, c)) > at);
}

/** Whether the page (not the task's own line) has a line matching `pattern`. */
export function shows(seen: Seen, pattern: RegExp): boolean {
  return lineIndex(seen, pattern) >= 0;
}

/** Ends the task as done, quoting text the page shows so the agent's own evidence check can confirm it. */
export function finish(answer: string, quotes: string[]) {
  return act('done', { success: true, answer, evidence: { quotes } });
}

/**
 * The first scroll area whose line says there is more below (`(scrolls: …, more below)`, snapshot
 * scroll-area.ts), or undefined: the area the model scrolls to reach what it holds further down.
 */
export function areaWithMoreBelow(seen: Seen): SeenControl | undefined {
  return seen.controls.find((c) => /\(scrolls: [^)]*more (above and )?below/.test(lineOf(seen, c)));
}
