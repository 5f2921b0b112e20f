// Thinking-block signatures: opaque base64 that this server alone can mint and read back. Each carries the model that
// produced the block, the hash of the prefix it is bound to, its reasoning tokens and the hash of its text, sealed
// with an HMAC under a per-server secret, so a forged, garbled or edited block is told apart on replay.
// "[The signature is] an encrypted copy of the full reasoning, which you must pass back unchanged"
// (https://platform.claude.com/docs/en/build-with-claude/thinking).

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from './canonical';

export interface SignaturePayload {
  /** The producing model's id. */
  model: string;
  /** Hash of the block's binding prefix (binding.ts). */
  prefix: string;
  /** Reasoning tokens behind the block, counted as input when it is replayed. */
  reasoningTokens: number;
  /** Hash of the block's text as issued. */
  text: string;
}

const VERSION = 1;
const MAC_BYTES = 32;

export function thinkingTextHash(text: string): string {
  return sha256('thinking-text', text);
}

export class Signer {
  readonly #secret = randomBytes(32);

  #mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.#secret).update(payload).digest();
  }

  sign(payload: SignaturePayload): string {
    const body = Buffer.from(JSON.stringify([payload.model, payload.prefix, payload.reasoningTokens, payload.text]));
    const header = Buffer.from([VERSION, body.length >> 8, body.length & 0xff]);
    const sealed = Buffer.concat([header, body]);
    return Buffer.concat([sealed, this.#mac(sealed)]).toString('base64');
  }

  /** The payload, or undefined when the signature is not one this server minted unchanged. */
  read(signature: string): SignaturePayload | undefined {
    const bytes = Buffer.from(signature, 'base64');
    if (bytes.length < 3 + MAC_BYTES || bytes.toString('base64') !== signature || bytes[0] !== VERSION)
      return undefined;
    const length = ((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0);
    if (bytes.length !== 3 + length + MAC_BYTES) return undefined;
    const sealed = bytes.subarray(0, 3 + length);
    if (!timingSafeEqual(this.#mac(sealed), bytes.subarray(3 + length))) return undefined;
    const fields: unknown = JSON.parse(sealed.subarray(3).toString('utf8'));
    if (!Array.isArray(fields) || fields.length !== 4) return undefined;
    const [model, prefix, reasoningTokens, text] = fields;
    if (typeof model !== 'string' || typeof prefix !== 'string' || typeof text !== 'string') return undefined;
    if (typeof reasoningTokens !== 'number') return undefined;
    return { model, prefix, reasoningTokens, text };
  }

  /** Opaque `encrypted_content` for a compaction block: round-tripped by clients, never interpreted. */
  seal(content: string): string {
    return Buffer.concat([Buffer.from('cmp1'), this.#mac(Buffer.from(content))]).toString('base64');
  }
}
