// What the done gate must know to tell a proof from a coincidence (decision 0024), kept for one instruction (a run):
// what each of the task's tabs showed before the task acted there (its baseline), and every text the task itself
// supplied to a page or a URL (typed, set, chosen, uploaded, opened, scripted). Evidence made of either proves nothing
// this instruction brought about.

import { normalizeText, normalizeUrl, wordForm } from './evidence-text';

/** Tools that only read: their arguments never reach the page or a URL, so they supply no text. */
const READING_TOOLS = new Set(['read_page', 'find', 'wait_for', 'screenshot']);
/** The model's own bookkeeping and its words to the person: nothing of them reaches a page. */
const OWN_TOOLS = new Set(['done', 'note', 'ask_user']);
/**
 * Argument keys that name things rather than carry text to a page (refs and coordinates are numbers anyway): a key
 * pressed ("Enter") or a direction ("down") must not be cut out of quotes as if the task had written it there.
 */
const NAMING_KEYS = new Set(['snapshotId', 'key', 'keys', 'modifiers', 'direction', 'unit', 'mode']);

export interface Baseline {
  tabId: number;
  url: string;
  /** What the page showed (the snapshot, its page text, its title, its URL), each in word form (`wordForm`). */
  texts: string[];
}

export class ProofLedger {
  readonly #baselines = new Map<number, Baseline>();
  /** Tabs whose next observation shows a page the task opened by its address: what it shows was there already. */
  readonly #rebase = new Set<number>();
  readonly #supplied = new Set<string>();
  readonly #suppliedUrls = new Set<string>();
  #scriptRan = false;
  /** The task's tabs when the instruction took its first look; null until then. */
  #startTabs: Set<number> | null = null;

  /** Notes the tabs the instruction began with (the first call counts; later ones change nothing). */
  startWith(tabIds: readonly number[]): void {
    this.#startTabs ??= new Set(tabIds);
  }

  /** A tab the instruction did not begin with and did not open by address: a popup its own action opened. */
  appearedByAction(tabId: number): boolean {
    return this.#startTabs !== null && !this.#startTabs.has(tabId) && !this.#rebase.has(tabId);
  }

  /** True when the tab's next observation is a baseline: its first in this instruction, or a page opened by URL. */
  wantsBaseline(tabId: number): boolean {
    return !this.#baselines.has(tabId) || this.#rebase.has(tabId);
  }

  /** Keeps what the tab showed before the task acted on it (added to what an earlier baseline of the tab held). */
  recordBaseline(tabId: number, url: string, texts: readonly string[]): void {
    const known = this.#baselines.get(tabId);
    const forms = [normalizeUrl(url), ...texts].map(wordForm).filter((form) => form.trim().length > 0);
    this.#baselines.set(tabId, { tabId, url, texts: [...(known?.texts ?? []), ...forms] });
    this.#rebase.delete(tabId);
  }

  /**
   * A call the page or the browser took: every string it carried is text the task supplied (a call that failed may
   * still have typed part of it). `completed`: it ran to its end (a script refused by the page's CSP did not run).
   */
  noteCall(name: string, input: unknown, tabIdAfter: number | null, completed: boolean): void {
    if (READING_TOOLS.has(name) || OWN_TOOLS.has(name)) return;
    if (name === 'evaluate' && completed) this.#scriptRan = true;
    for (const text of stringsOf(input)) {
      const normalized = normalizeText(text);
      if (normalized) this.#supplied.add(normalized);
      if (name === 'open_url') {
        this.#suppliedUrls.add(normalizeUrl(text));
        for (const part of urlParts(text)) this.#supplied.add(part);
      }
    }
    // A page loaded from an address the task chose shows what was there for anyone who opens it.
    if (name === 'open_url' && tabIdAfter !== null) this.#rebase.add(tabIdAfter);
  }

  /** Normalised texts the task supplied, decoded URL parts included. */
  supplied(): string[] {
    return [...this.#supplied, ...this.#suppliedUrls];
  }

  /** True when any baseline of the instruction holds the text's words, in order (punctuation and case aside). */
  wasThere(text: string): boolean {
    const form = wordForm(text);
    if (form.trim().length === 0) return true;
    for (const baseline of this.#baselines.values()) {
      if (baseline.texts.some((seen) => seen.includes(form))) return true;
    }
    return false;
  }

  /** A script the task ran can write anything on the page: text it may have written proves nothing. */
  get scriptRan(): boolean {
    return this.#scriptRan;
  }
}

function stringsOf(input: unknown, key?: string): string[] {
  if (typeof input === 'string') return key && NAMING_KEYS.has(key) ? [] : [input];
  if (Array.isArray(input)) return input.flatMap((item) => stringsOf(item, key));
  if (typeof input === 'object' && input !== null) {
    return Object.entries(input).flatMap(([k, value]) => stringsOf(value, k));
  }
  return [];
}

/** The host, path segments and query values of a URL the task opened: a page may echo any of them. */
function urlParts(text: string): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  const parts = [url.hostname, ...url.pathname.split('/'), url.hash.slice(1)];
  for (const [name, value] of url.searchParams) parts.push(name, value);
  return parts.map(normalizeUrl).filter((part) => part.length > 0);
}
