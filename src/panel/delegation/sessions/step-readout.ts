// What the loop's next request says about the client's last call (client-model.ts), read from its blocks, not its
// wording: the latest user message holds the call's tool_result, then the harness's notes as text blocks; the page
// observation rides as the last block of the last tool result (model/conversation.ts §next), or, with no open call,
// as the message's last text block. The page's own fields come from the loop's reader (observation-reader.ts).

import { latestPage, type MessageParam, type ModelRequest, type SeenPage } from '../../agent';

type Block = NonNullable<Exclude<MessageParam['content'], string>>[number];
type ResultBlock = Extract<Block, { type: 'tool_result' }>;

export interface StepReadout {
  /** The call's result as the model reads it (page text fenced), or null when the request carries none. */
  result: { text: string; isError: boolean } | null;
  /** The harness's notes for this step (a navigation that did not happen, the person's added words). */
  notes: string[];
  /** The page after the call: the observation text, with refs. */
  observation: string;
  /** The observation's fields (tab, URL, tabs, title, controls). */
  page: SeenPage;
}

function textsOf(block: ResultBlock): string[] {
  const { content } = block;
  if (typeof content === 'string') return [content];
  return (content ?? []).flatMap((inner) => (inner.type === 'text' ? [inner.text] : []));
}

export function readStep(request: ModelRequest, callId: string | null): StepReadout {
  const last = request.messages.findLast((message) => message.role === 'user');
  const blocks: Block[] = typeof last?.content === 'string' ? [] : (last?.content ?? []);
  const results = blocks.filter((block): block is ResultBlock => block.type === 'tool_result');
  const texts = blocks.flatMap((block) => (block.type === 'text' ? [block.text] : []));
  // The carrier: the last result holding more than its own text (each result of a session call is one text block).
  const carrier = results.findLast((block) => textsOf(block).length > 1);
  const observation = carrier ? (textsOf(carrier).at(-1) ?? '') : (texts.at(-1) ?? '');
  const notes = carrier ? texts : texts.slice(0, -1);
  const own = callId === null ? undefined : results.find((block) => block.tool_use_id === callId);
  const result = own ? { text: textsOf(own)[0] ?? '', isError: own.is_error === true } : null;
  return { result, notes, observation, page: latestPage(request.messages) };
}
