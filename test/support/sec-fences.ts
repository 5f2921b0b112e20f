// Reads a recorded Messages API request the way an auditor would: every text the model was sent (system prompt,
// history lines, observations, tool results, its own earlier tool calls), and where in it the untrusted-content
// fences open and close. A fence closes only on an END line carrying the id it opened with, so a page that prints
// a fake END marker stays inside. The marker lines are the prompt's own (UNTRUSTED_BEGIN, UNTRUSTED_END).

import type Anthropic from '@anthropic-ai/sdk';
import { UNTRUSTED_BEGIN, UNTRUSTED_END } from '../../src/panel/agent/run/prompt';
import type { RecordedRequest } from './fake-anthropic';

export interface SentText {
  /** Where in the request, e.g. `messages[2].content[0].content[0]`. */
  where: string;
  text: string;
}

/** Every string the model is shown in a request, with its place. Tool definitions are ours and left out. */
export function sentTexts(request: RecordedRequest): SentText[] {
  const out: SentText[] = [];
  const system = request.body?.system;
  if (typeof system === 'string') out.push({ where: 'system', text: system });
  else for (const [i, block] of (system ?? []).entries()) out.push({ where: `system[${i}]`, text: block.text });
  const messages = (request.body?.messages ?? []) as Anthropic.MessageParam[];
  for (const [m, message] of messages.entries()) {
    const content = message.content;
    if (typeof content === 'string') {
      out.push({ where: `messages[${m}]`, text: content });
      continue;
    }
    for (const [b, block] of content.entries()) {
      const where = `messages[${m}].content[${b}]`;
      if (block.type === 'text') out.push({ where, text: block.text });
      else if (block.type === 'tool_use') out.push({ where: `${where}.input`, text: JSON.stringify(block.input) });
      else if (block.type === 'tool_result') {
        const inner = block.content;
        if (typeof inner === 'string') out.push({ where, text: inner });
        else
          for (const [i, part] of (inner ?? []).entries()) {
            if (part.type === 'text') out.push({ where: `${where}.content[${i}]`, text: part.text });
          }
      }
    }
  }
  return out;
}

/** Everything the model is shown in a request, as one text. */
export function allSentText(request: RecordedRequest): string {
  return sentTexts(request)
    .map((entry) => entry.text)
    .join('\n');
}

/** The id a line opens a fence with, or null when it opens none. */
function openedId(line: string): string | null {
  if (!line.startsWith(UNTRUSTED_BEGIN)) return null;
  const id = line.slice(UNTRUSTED_BEGIN.length);
  return /^\S+$/.test(id) ? id : null;
}

/** `inner` (a pattern's source) between a fence's BEGIN and END lines, the two with the same id. */
export function fencedPattern(inner: string): RegExp {
  return new RegExp(`${UNTRUSTED_BEGIN}(\\w+)${inner}${UNTRUSTED_END}\\1`);
}

export interface FenceAudit {
  /** The ids of the fences the request opened (one nonce per request). */
  ids: Set<string>;
  /** Lines holding `marker` outside any fence, with their place. */
  outside: { where: string; line: string }[];
  /** Lines holding `marker` inside a fence. */
  inside: number;
  /** END lines inside a fence whose id is not the fence's: a page's attempt to close it. */
  fakeEnds: string[];
  /** Fences a text opened and never closed. */
  unclosed: string[];
}

export function auditFences(request: RecordedRequest, marker: string): FenceAudit {
  const audit: FenceAudit = { ids: new Set(), outside: [], inside: 0, fakeEnds: [], unclosed: [] };
  for (const { where, text } of sentTexts(request)) {
    let open: string | null = null;
    for (const line of text.split('\n')) {
      const begin = openedId(line);
      if (open === null && begin !== null) {
        open = begin;
        audit.ids.add(open);
        continue;
      }
      if (open !== null && line === `${UNTRUSTED_END}${open}`) {
        open = null;
        continue;
      }
      if (open !== null && line.includes(UNTRUSTED_END)) audit.fakeEnds.push(line);
      if (!line.includes(marker)) continue;
      if (open === null) audit.outside.push({ where, line });
      else audit.inside++;
    }
    if (open !== null) audit.unclosed.push(where);
  }
  return audit;
}

export interface SentToolResult {
  toolUseId: string;
  isError: boolean;
  text: string;
}

/** The tool_result blocks of a request's last user message: what the model is told about its previous calls. */
export function toolResults(request: RecordedRequest): SentToolResult[] {
  const messages = (request.body?.messages ?? []) as Anthropic.MessageParam[];
  const last = messages.findLast((message) => message.role === 'user');
  if (!last || typeof last.content === 'string') return [];
  return last.content.flatMap((block) => {
    if (block.type !== 'tool_result') return [];
    const inner = block.content;
    const text =
      typeof inner === 'string'
        ? inner
        : (inner ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    return [{ toolUseId: block.tool_use_id, isError: block.is_error === true, text }];
  });
}

/** The names of the tools a request offered. */
export function offeredToolNames(request: RecordedRequest): string[] {
  return ((request.body?.tools ?? []) as { name: string }[]).map((tool) => tool.name);
}
