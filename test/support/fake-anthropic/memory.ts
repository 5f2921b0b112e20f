// What the stand-in remembers of the turns it issued, as the real API does across requests: which tool calls came in
// a turn that began with thinking, which turns were paused (so sending them back is a continuation, not prefill), and
// which conversations were refused.

import { canonicalJson, comparable, sha256 } from './canonical';
import type { JsonObject } from './json';
import type { RefusalSpec } from './reply-types';
import type { RequestMessage } from './request-types';

function contentHash(blocks: readonly unknown[]): string {
  return sha256('content', canonicalJson(blocks.map(comparable)));
}

/** One hash per message prefix: element i covers messages 0..i, role and comparable content. */
function conversationHashes(messages: readonly RequestMessage[]): string[] {
  let hash = sha256('conversation');
  return messages.map((message) => {
    hash = sha256(hash, message.role, canonicalJson(message.content.map(comparable)));
    return hash;
  });
}

export class ConversationMemory {
  readonly #thinkingFirst = new Map<string, boolean>();
  readonly #paused = new Set<string>();
  readonly #refused = new Map<string, RefusalSpec>();

  /** Records an issued turn's tool calls and whether the turn began with a thinking block (after any compaction). */
  rememberToolCalls(content: readonly JsonObject[]): void {
    const thinkingFirst = content.find((block) => block.type !== 'compaction')?.type === 'thinking';
    for (const block of content)
      if (block.type === 'tool_use') this.#thinkingFirst.set(String(block.id), thinkingFirst);
  }

  /** Whether the issued turn holding this tool call began with thinking; undefined for a call it never issued. */
  thinkingFirstFor(toolUseId: string): boolean | undefined {
    return this.#thinkingFirst.get(toolUseId);
  }

  rememberPaused(content: readonly unknown[]): void {
    this.#paused.add(contentHash(content));
  }

  isPaused(content: readonly unknown[]): boolean {
    return this.#paused.has(contentHash(content));
  }

  /**
   * "Attempting to continue without resetting will result in continued refusals"
   * (https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback): the refused conversation, and any
   * that continues it unchanged, is refused again.
   */
  rememberRefusal(messages: readonly RequestMessage[], details: RefusalSpec): void {
    const last = conversationHashes(messages).at(-1);
    if (last) this.#refused.set(last, details);
  }

  refusalFor(messages: readonly RequestMessage[]): RefusalSpec | undefined {
    for (const hash of conversationHashes(messages)) {
      const details = this.#refused.get(hash);
      if (details) return details;
    }
    return undefined;
  }

  clear(): void {
    this.#thinkingFirst.clear();
    this.#paused.clear();
    this.#refused.clear();
  }
}
