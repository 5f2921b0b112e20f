// Reads what the loop showed the model: the agent's URL and the controls of the snapshot text
// (`[12] button "Add to cart"`, `[7] textbox "Email" value="a@b.c" required`). Used by the offline demo model, which
// has to decide from the same observation a real model gets.

import type { MessageParam } from '../agent';

export interface SeenControl {
  ref: number;
  role: string;
  name: string;
  value?: string;
  checked: boolean;
}

export interface SeenPage {
  url: string | null;
  text: string;
  controls: SeenControl[];
}

const CONTROL = /^\[(\d+)\] (\S+)(?: ("(?:[^"\\]|\\.)*"))?(.*)$/;
const VALUE = / value=("(?:[^"\\]|\\.)*")/;

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

/**
 * The latest observation in a request: the last user message's text (the observation rides in its last tool result,
 * or is a text block of its own).
 */
export function latestPage(messages: readonly MessageParam[]): SeenPage {
  const last = [...messages].reverse().find((message) => message.role === 'user');
  const text = last ? blockTexts(last.content).join('\n') : '';
  const url = /^Agent's tab: \d+ · (\S+)/m.exec(text)?.[1] ?? null;
  const controls = text.split('\n').flatMap((line) => parseControl(line) ?? []);
  return { url, text, controls };
}

/** Every text of the conversation, the person's task and follow-ups included. */
export function allText(messages: readonly MessageParam[]): string {
  return messages.flatMap((message) => blockTexts(message.content)).join('\n');
}
