// The task's memory, kept bounded: every finished step becomes one line (what page, what was done, what came of
// it), and only the most recent turn is kept whole so its tool results can answer its tool calls. Lines are only
// ever appended, never rewritten, which is what makes them a stable, cacheable prefix of every later request.

import type { ModelToolCall } from './model';
import type { CallResult } from './tools/execute';

export interface TurnRecord {
  step: number;
  /** Where the step acted: the page URL, or why there was none. */
  where: string;
  text: string;
  toolCalls: ModelToolCall[];
  results: CallResult[];
}

/** Model notes are kept (up to this) because older page content is dropped: the prompt tells it to write facts down. */
const NOTE_CHARS = 200;
const ARGS_CHARS = 80;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** host/path of a URL, short: enough to tell pages apart in the history. */
export function shortUrl(url: string | null): string {
  if (!url) return 'no page';
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return clip(url, 60);
    return clip(`${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}${parsed.search}`, 70);
  } catch {
    return clip(url, 60);
  }
}

function argsText(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const entries = Object.entries(input).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '';
  const text = entries.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(' ');
  return clip(oneLine(text), ARGS_CHARS);
}

export const PAGE_REASON_LEFT_OUT = '(the reason the page gave is not kept)';

/**
 * How a call came out, as its history line keeps it. An action's reason is written in the page (it names elements
 * and quotes field values, which the page controls), and history lines sit outside the untrusted-content fences:
 * the line keeps the outcome, not the page's words. The request right after the step had them whole.
 */
export function keptBrief(result: CallResult): string {
  const reason = result.verification?.reason;
  if (!reason || !result.brief.includes(reason)) return oneLine(result.brief);
  return oneLine(result.brief.split(reason).join(PAGE_REASON_LEFT_OUT));
}

/** One history line for a finished step. */
export function compactTurn(turn: TurnRecord): string {
  const note = turn.text.trim() ? ` “${clip(oneLine(turn.text), NOTE_CHARS)}”` : '';
  const calls = turn.results.map((result) => {
    const args = argsText(result.input);
    return `${result.name}${args ? ` ${args}` : ''} → ${keptBrief(result)}`;
  });
  const actions = calls.length > 0 ? ` ${calls.join('; ')}` : ' (no tool call)';
  return `#${turn.step} @${turn.where}:${note}${actions}`;
}

export class Conversation {
  readonly #lines: string[] = [];
  #last: { turn: TurnRecord; extra: string[] } | null = null;

  /** Older history, one line each, oldest first. */
  get lines(): readonly string[] {
    return this.#lines;
  }

  /** The most recent turn, sent whole; null right after a new instruction. */
  get last(): TurnRecord | null {
    return this.#last?.turn ?? null;
  }

  /** A new instruction from the person: the first of the task, or a follow-up continuing it. */
  begin(instruction: string, followUp: boolean): void {
    this.#fold();
    this.#lines.push(followUp ? `Follow-up instruction from the person: ${instruction}` : `Task: ${instruction}`);
  }

  /** The step's turn becomes the latest; the previous latest becomes a line. */
  record(turn: TurnRecord): void {
    this.#fold();
    this.#last = { turn, extra: [] };
  }

  /** Adds to the latest step's line (a repair, a rejected done), so it survives compaction. */
  annotate(text: string): void {
    this.#last?.extra.push(oneLine(text));
  }

  #fold(): void {
    if (!this.#last) return;
    const { turn, extra } = this.#last;
    this.#lines.push([compactTurn(turn), ...extra].join(' | '));
    this.#last = null;
  }
}
