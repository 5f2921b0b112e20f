// No silent loops (docs/contracts.md 002-5). Each action gets a signature: tool + normalised arguments + the page
// fingerprint (URL + snapshot digest) it was taken on. `no_progress` fires when one signature comes back three times
// within a short window, or when whole steps alternate A-B-A-B. Paging through states (a calendar's months, search
// result pages) changes the fingerprint every time, so it never repeats and never fires.

export type RepairTrigger = 'execute_error' | 'failed_verify' | 'no_progress';

export interface ActionRecord {
  tool: string;
  input: unknown;
  fingerprint: string;
}

export type NoProgress =
  | { kind: 'repeat'; tool: string; count: number; description: string }
  | { kind: 'oscillation'; description: string };

export const PROGRESS_WINDOW = 8;
export const REPEAT_LIMIT = 3;

export function pageFingerprint(url: string | null, digest: string | null): string {
  return `${url ?? 'no-tab'}#${digest ?? 'no-snapshot'}`;
}

/** Stable text for arguments: sorted keys, trimmed case-folded strings, no snapshot ids (they change every step). */
export function normalizeArgs(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input.trim().replace(/\s+/g, ' ').toLowerCase());
  if (Array.isArray(input)) return `[${input.map(normalizeArgs).join(',')}]`;
  if (typeof input === 'object' && input !== null) {
    const entries = Object.entries(input)
      .filter(([key, value]) => key !== 'snapshotId' && value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, value]) => `${key}:${normalizeArgs(value)}`).join(',')}}`;
  }
  return JSON.stringify(input) ?? 'undefined';
}

export function signatureOf(action: ActionRecord): string {
  return `${action.tool}(${normalizeArgs(action.input)})@${action.fingerprint}`;
}

/** What the tracker needs to know of one call's result. */
export interface RecordedCall {
  name: string;
  input: unknown;
  outcome: string;
  effects: { interrupted?: boolean };
}

/** A question's words alone: case, spacing and punctuation do not make it another question. */
export function normalizeQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The record of one call, or null when it says nothing about progress: done (rejections are counted apart), a call
 * that did not run (skipped), and a call the page's departure interrupted (not the model's doing,
 * docs/contracts.md P-TURN-4). A question to the person is recorded by its words alone, whatever page is behind it: the
 * same question asked again is a repeat like any other (a model was seen asking one 14 times; docs/contracts.md
 * P-TURN-3), a different one is progress.
 */
export function progressRecord(call: RecordedCall, fingerprint: string): ActionRecord | null {
  if (call.name === 'done' || call.outcome === 'skipped' || call.effects.interrupted) return null;
  if (call.name === 'ask_user') {
    const question = (call.input as { question?: unknown } | null)?.question;
    const words = typeof question === 'string' ? normalizeQuestion(question) : '';
    return { tool: 'ask_user', input: { question: words }, fingerprint: 'the person' };
  }
  return { tool: call.name, input: call.input, fingerprint };
}

export class ProgressTracker {
  readonly #actions: string[] = [];
  readonly #steps: string[] = [];

  /** Records one step's actions (in order) and says whether the run has stopped making progress. */
  recordStep(actions: readonly ActionRecord[]): NoProgress | null {
    if (actions.length === 0) return null;
    let repeat: NoProgress | null = null;
    for (const action of actions) {
      const signature = signatureOf(action);
      this.#actions.push(signature);
      if (this.#actions.length > PROGRESS_WINDOW) this.#actions.shift();
      const count = this.#actions.filter((s) => s === signature).length;
      if (count >= REPEAT_LIMIT && !repeat) {
        repeat = {
          kind: 'repeat',
          tool: action.tool,
          count,
          description: `repeating ${action.tool} with the same arguments on an unchanged page (${count} times)`,
        };
      }
    }
    this.#steps.push(actions.map(signatureOf).join(' + '));
    if (this.#steps.length > 4) this.#steps.shift();
    return repeat ?? this.#oscillation();
  }

  /** After a repair the model gets a fresh run-up: old repeats no longer count against it. */
  reset(): void {
    this.#actions.length = 0;
    this.#steps.length = 0;
  }

  #oscillation(): NoProgress | null {
    const [a1, b1, a2, b2] = this.#steps;
    if (this.#steps.length < 4 || a1 !== a2 || b1 !== b2 || a1 === b1) return null;
    return {
      kind: 'oscillation',
      description: 'going back and forth between the same two page states (A-B-A-B)',
    };
  }
}
