// Reads back what the loop showed the model (prompt.ts, observationText): the step, the agent's tab and URL, the
// task's tabs, the page title and the controls of the snapshot text (`[12] button "Add to cart"`, `[7] textbox "Email"
// value="a@b.c" required`). The offline demo model decides from it, as a real model decides from the same text, and
// the tests' scripted models read it through this one parser.

import type { MessageParam } from '../model/agent-model';
import { OBSERVATION_LINE as L, UNTRUSTED_BEGIN, UNTRUSTED_END } from './prompt';

export interface SeenControl {
  ref: number;
  role: string;
  name: string;
  value?: string;
  checked: boolean;
}

/** One of the task's tabs as the observation lists it; `url` is '' while the tab is loading. */
export interface SeenTab {
  tabId: number;
  current: boolean;
  url: string;
}

export interface SeenPage {
  /** Everything the latest user message says: tool results first, then the observation. */
  text: string;
  /** The observation's step number; null when the text holds no observation. */
  step: number | null;
  tabId: number | null;
  url: string | null;
  tabs: SeenTab[];
  /** Why the page cannot be operated, when the observation says so. */
  problem: string | null;
  /** The page title the snapshot reports; null when no snapshot was shown. */
  title: string | null;
  /** Every control line of the text, in order. */
  controls: SeenControl[];
}

const CONTROL = /^\[(\d+)\] (\S+)(?: ("(?:[^"\\]|\\.)*"))?(.*)$/;
const VALUE = / value=("(?:[^"\\]|\\.)*")/;
const STEP = /^Step (\d+) \(/;

function blockTexts(content: MessageParam['content'] | undefined): string[] {
  if (typeof content === 'string') return [content];
  return (content ?? []).flatMap((block) => {
    if (block.type === 'text') return [block.text];
    if (block.type === 'tool_result' && Array.isArray(block.content)) {
      return block.content.flatMap((inner) => (inner.type === 'text' ? [inner.text] : []));
    }
    return [];
  });
}

export function parseControl(line: string): SeenControl | null {
  const match = CONTROL.exec(line.trim());
  if (!match) return null;
  const [, ref, role, quoted, rest = ''] = match;
  const value = VALUE.exec(rest)?.[1];
  return {
    ref: Number(ref),
    role: role ?? '',
    name: quoted ? (JSON.parse(quoted) as string) : '',
    value: value ? (JSON.parse(value) as string) : undefined,
    checked: / checked\b/.test(rest),
  };
}

interface Line {
  text: string;
  /** Inside page content (between the markers): what a page wrote, never a header line. */
  untrusted: boolean;
}

/** Marks each line inside or outside the untrusted-content markers; a fake END with another nonce closes nothing. */
function fenced(text: string): Line[] {
  let open: string | null = null;
  return text.split('\n').map((line) => {
    if (open === null && line.startsWith(UNTRUSTED_BEGIN)) {
      open = line.slice(UNTRUSTED_BEGIN.length);
      return { text: line, untrusted: false };
    }
    if (open !== null && line === `${UNTRUSTED_END}${open}`) {
      open = null;
      return { text: line, untrusted: false };
    }
    return { text: line, untrusted: open !== null };
  });
}

/** The task's tabs: ids and which is current from the harness's line, URLs from the fenced page block. */
function parseTabs(list: string, urls: string): SeenTab[] {
  const byId = new Map<number, string>();
  for (const entry of urls.split(L.separator)) {
    const match = /^(\d+) (\S+)$/.exec(entry);
    if (match) byId.set(Number(match[1]), match[2] === L.loading ? '' : (match[2] ?? ''));
  }
  return list.split(L.separator).flatMap((entry) => {
    const match = /^(\d+)( \(current\))?$/.exec(entry);
    if (!match) return [];
    const tabId = Number(match[1]);
    return [{ tabId, current: Boolean(match[2]), url: byId.get(tabId) ?? '' }];
  });
}

/** The fixed head of the observation's page block (prompt.ts §observationText): URL, tab URLs, title. */
function readPageHead(
  lines: readonly Line[],
  from: number,
): { url: string | null; tabUrls: string; title: string | null } {
  const head = { url: null as string | null, tabUrls: '', title: null as string | null };
  let index = lines.findIndex((line, i) => i > from && line.untrusted);
  const next = () => (lines[index]?.untrusted === true ? (lines[index]?.text ?? null) : null);
  if (index < 0) return head;
  if (next()?.startsWith(L.url)) {
    head.url = next()?.slice(L.url.length) || null;
    index++;
  }
  if (next()?.startsWith(L.tabUrls)) {
    head.tabUrls = next()?.slice(L.tabUrls.length) ?? '';
    index++;
  }
  if (next()?.startsWith(L.title)) head.title = next()?.slice(L.title.length) ?? null;
  return head;
}

/** Reads one observation text (or a whole user message whose last part is the observation). */
export function readObservation(text: string): SeenPage {
  const lines = fenced(text);
  const start = lines.findLastIndex((line) => !line.untrusted && STEP.test(line.text));
  const seen: SeenPage = {
    text,
    step: start < 0 ? null : Number(STEP.exec(lines[start]?.text ?? '')?.[1]),
    tabId: null,
    url: null,
    tabs: [],
    problem: null,
    title: null,
    controls: lines.flatMap((line) => parseControl(line.text) ?? []),
  };
  if (start < 0) return seen;
  const head = readPageHead(lines, start);
  seen.title = head.title;
  for (const line of lines.slice(start)) {
    if (line.untrusted) continue;
    if (line.text.startsWith(L.agentTab)) {
      seen.tabId = Number(line.text.slice(L.agentTab.length));
      seen.url = head.url;
    } else if (line.text.startsWith(L.taskTabs))
      seen.tabs = parseTabs(line.text.slice(L.taskTabs.length), head.tabUrls);
    else if (line.text.startsWith(L.problem)) seen.problem = line.text.slice(L.problem.length);
  }
  return seen;
}

/**
 * The latest observation in a request: the last user message's text (the observation rides in its last tool result,
 * or is a text block of its own).
 */
export function latestPage(messages: readonly MessageParam[]): SeenPage {
  const last = messages.findLast((message) => message.role === 'user');
  return readObservation(last ? blockTexts(last.content).join('\n') : '');
}

/** Every text of the conversation, the person's task and follow-ups included. */
export function allText(messages: readonly MessageParam[]): string {
  return messages.flatMap((message) => blockTexts(message.content)).join('\n');
}
