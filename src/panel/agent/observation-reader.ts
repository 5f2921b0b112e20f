// Reads back what the loop showed the model (prompt.ts, observationText): the step, the agent's tab and URL, the
// task's tabs, the page title and the controls of the snapshot text (`[12] button "Add to cart"`, `[7] textbox "Email"
// value="a@b.c" required`). The offline demo model decides from it, as a real model decides from the same text, and
// the tests' scripted models read it through this one parser.

import type { MessageParam } from './model';
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

function parseTabs(list: string): SeenTab[] {
  return list.split(L.separator).flatMap((entry) => {
    const match = /^(\d+)( \(current\))? (\S+)$/.exec(entry);
    if (!match) return [];
    const url = match[3] ?? '';
    return [{ tabId: Number(match[1]), current: Boolean(match[2]), url: url === L.loading ? '' : url }];
  });
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
  for (const [index, line] of lines.entries()) {
    if (index < start) continue;
    if (line.untrusted) {
      if (seen.title === null && line.text.startsWith(L.title)) seen.title = line.text.slice(L.title.length);
      continue;
    }
    if (line.text.startsWith(L.agentTab)) {
      const [id = '', url = ''] = line.text.slice(L.agentTab.length).split(L.separator);
      seen.tabId = Number(id);
      seen.url = url.split(/\s/)[0] || null;
    } else if (line.text.startsWith(L.taskTabs)) seen.tabs = parseTabs(line.text.slice(L.taskTabs.length));
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
