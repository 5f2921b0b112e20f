// Reading what the model was shown, so a scripted model (a responder) can react to it, e.g. pick an element ref out
// of a page snapshot.

import type { RecordedRequest } from './types';

function blockText(block: unknown): string {
  if (typeof block !== 'object' || block === null) return '';
  if ('text' in block && typeof block.text === 'string') return block.text;
  // A compaction block's summary, and readable thinking, are what the model reads of them.
  if ('type' in block && block.type === 'compaction' && 'content' in block) return String(block.content ?? '');
  if ('thinking' in block && typeof block.thinking === 'string') return block.thinking;
  // The model reads its own tool calls too: a fact it wrote into a call's input (a note) is part of what it knows.
  if ('type' in block && block.type === 'tool_use' && 'input' in block) {
    return `${'name' in block ? String(block.name) : 'tool'} ${JSON.stringify(block.input)}`;
  }
  // tool_result blocks carry the page/tool output the agent showed the model
  if ('content' in block) return contentText(block.content);
  return '';
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(blockText).join('\n');
  return '';
}

/** All text of the last user message as the client sent it (text blocks and tool_result contents). */
export function lastUserText(req: RecordedRequest): string {
  const messages = req.body?.messages ?? [];
  const lastUser = messages.findLast((message) => message.role === 'user');
  return lastUser ? contentText(lastUser.content) : '';
}

/**
 * All text the model reads (`req.view`, after context management): the system prompt, then every message in order,
 * newest last. Cleared tool results read as the placeholder, dropped thinking is gone.
 */
export function viewText(req: RecordedRequest): string {
  const view = req.view;
  if (!view) return '';
  return [contentText(view.system), ...view.messages.map((message) => contentText(message.content))]
    .filter((text) => text !== '')
    .join('\n');
}

/** All text of the last user message the model reads (`req.view`). */
export function latestViewUserText(req: RecordedRequest): string {
  const lastUser = req.view?.messages.findLast((message) => message.role === 'user');
  return lastUser ? contentText(lastUser.content) : '';
}
