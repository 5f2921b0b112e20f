// The prefix a thinking block is bound to: "The top-level `system` prompt, `tools`, and `messages` before the block
// are its prefix" (https://platform.claude.com/docs/en/build-with-claude/preserved-thinking). The chain hashes the
// request as the client sent it, in comparable form (canonical.ts), so key order, whitespace, `cache_control` and
// string-versus-block content never count, and consecutive same-role messages equal one merged message.
//
// A compaction block restarts the chain: the API "automatically drops all content blocks before the compaction block"
// (https://platform.claude.com/docs/en/build-with-claude/compaction-threshold) and "the check tolerates this
// replacement" of history by an API-written summary (.../compaction-thinking-blocks), so blocks after it are bound to
// what follows the summary only. Server-side clearing never changes the chain: it is computed on what the client sent.

import { canonicalJson, comparable, comparableJson, sha256 } from './canonical';
import { isObject, type JsonObject } from './json';

/** A compaction block that carries a summary; one with null content is a no-op (SDK `BetaCompactionBlock`). */
export function isLiveCompaction(block: unknown): boolean {
  return isObject(block) && block.type === 'compaction' && typeof block.content === 'string' && block.content !== '';
}

export class BindingChain {
  readonly #root: string;
  #hash: string;
  #role: string | undefined;

  constructor(system: readonly JsonObject[], tools: readonly JsonObject[]) {
    this.#root = sha256('binding', canonicalJson(system.map(comparable)), canonicalJson(tools.map(comparable)));
    this.#hash = this.#root;
  }

  /** Moves past one block of a message with `role`; returns the hash of the prefix before the block. */
  next(role: string, block: unknown): string {
    const prefix = this.enter(role, block);
    this.push(block);
    return prefix;
  }

  /** The hash of the prefix before `block`, a block of a message with `role` (which may still lack its signature). */
  enter(role: string, block: unknown): string {
    if (role !== this.#role) {
      this.#hash = sha256(this.#hash, `role:${role}`);
      this.#role = role;
    }
    if (isLiveCompaction(block)) this.#hash = sha256(this.#root, `role:${role}`);
    return this.#hash;
  }

  /** Adds the block, as issued, after `enter`. */
  push(block: unknown): void {
    this.#hash = sha256(this.#hash, comparableJson(block));
  }

  /** The hash of everything passed so far. */
  get hash(): string {
    return this.#hash;
  }
}
