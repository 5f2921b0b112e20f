// Rebuilds the assistant message from the stream's events, block by block, exactly as the API sends it: thinking with
// its signature (which must come back unchanged, https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows),
// redacted thinking, text, tool calls, compaction blocks. A block the stream never closed (a tool call cut by
// `max_tokens` gets no `content_block_stop`: the SDK's recorded `incomplete_partial_json_response.txt`) is left out
// and reported as cut, so half a tool call is never run nor sent back.

import type { BetaRawMessageStreamEvent, BetaStopReason } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { ContentBlock, ModelCallOptions, ModelToolCall, ModelTurn, TokenUsage } from './agent-model';

interface OpenBlock {
  block: Record<string, unknown> & { type: string };
  /** Streamed tool input, parsed at the end. */
  json: string;
  closed: boolean;
}

interface UsageFields {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  iterations?: ReadonlyArray<UsageFields> | null;
}

/** The usage to count: with compaction the top level covers only the reply, so the iterations are summed. */
function usageOf(fields: UsageFields, into: TokenUsage): void {
  const parts = fields.iterations && fields.iterations.length > 0 ? fields.iterations : [fields];
  const sum = (key: keyof Omit<UsageFields, 'iterations'>) =>
    parts.reduce((total, part) => total + (typeof part[key] === 'number' ? (part[key] as number) : 0), 0);
  const has = (key: keyof Omit<UsageFields, 'iterations'>) => parts.some((part) => typeof part[key] === 'number');
  if (has('input_tokens')) into.input = sum('input_tokens');
  if (has('output_tokens')) into.output = sum('output_tokens');
  if (has('cache_read_input_tokens')) into.cacheRead = sum('cache_read_input_tokens');
  if (has('cache_creation_input_tokens')) into.cacheWrite = sum('cache_creation_input_tokens');
}

const CUT_REASONS = new Set<string>(['max_tokens', 'model_context_window_exceeded']);

export class TurnAssembler {
  readonly #blocks = new Map<number, OpenBlock>();
  readonly #usage: TokenUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  #model: string;
  #stopReason: BetaStopReason | null = null;
  #refusal: ModelTurn['refusal'];
  /** The block whose readable text streamed last, per kind, so a new block starts on a new paragraph. */
  readonly #streaming = { text: -1, thinking: -1 };
  finished = false;

  constructor(
    model: string,
    private readonly call: Pick<ModelCallOptions, 'onText' | 'onThinking'>,
  ) {
    this.#model = model;
  }

  add(event: BetaRawMessageStreamEvent): void {
    switch (event.type) {
      case 'message_start':
        this.#model = event.message.model;
        usageOf(event.message.usage, this.#usage);
        break;
      case 'content_block_start':
        this.#blocks.set(event.index, {
          block: structuredClone(event.content_block) as unknown as OpenBlock['block'],
          json: '',
          closed: false,
        });
        break;
      case 'content_block_delta':
        this.#delta(event.index, event.delta);
        break;
      case 'content_block_stop': {
        const open = this.#blocks.get(event.index);
        if (open) open.closed = true;
        break;
      }
      case 'message_delta': {
        this.#stopReason = event.delta.stop_reason;
        const details = event.delta.stop_details;
        if (details?.type === 'refusal') {
          this.#refusal = { category: details.category ?? null, explanation: details.explanation ?? null };
        }
        usageOf(event.usage, this.#usage);
        break;
      }
      case 'message_stop':
        this.finished = true;
        break;
    }
  }

  #delta(index: number, delta: Extract<BetaRawMessageStreamEvent, { type: 'content_block_delta' }>['delta']): void {
    const open = this.#blocks.get(index);
    if (!open) return;
    const block = open.block;
    switch (delta.type) {
      case 'text_delta':
        block.text = `${(block.text as string | undefined) ?? ''}${delta.text}`;
        if (delta.text) this.call.onText?.(this.#paragraph('text', index) + delta.text);
        break;
      case 'thinking_delta':
        block.thinking = `${(block.thinking as string | undefined) ?? ''}${delta.thinking}`;
        if (delta.thinking) this.call.onThinking?.(this.#paragraph('thinking', index) + delta.thinking);
        break;
      case 'signature_delta':
        // The signature is sent whole, just before the block stops: it replaces, never appends.
        block.signature = delta.signature;
        break;
      case 'input_json_delta':
        open.json += delta.partial_json;
        break;
      case 'citations_delta':
        block.citations = [...((block.citations as unknown[] | null | undefined) ?? []), delta.citation];
        break;
      case 'compaction_delta':
        if (delta.content !== null)
          block.content = `${(block.content as string | null | undefined) ?? ''}${delta.content}`;
        if (delta.encrypted_content !== null) block.encrypted_content = delta.encrypted_content;
        break;
    }
  }

  /** A paragraph break before the first delta of a block that follows another block of the same kind. */
  #paragraph(kind: 'text' | 'thinking', index: number): string {
    const previous = this.#streaming[kind];
    this.#streaming[kind] = index;
    return previous >= 0 && previous !== index ? '\n\n' : '';
  }

  /** The turn as it stands; call once the stream ended with `message_stop`. */
  turn(): ModelTurn {
    const cutOff = this.#stopReason !== null && CUT_REASONS.has(this.#stopReason);
    const ordered = [...this.#blocks.entries()].sort(([a], [b]) => a - b).map(([, open]) => open);
    const content: ContentBlock[] = [];
    const toolCalls: ModelToolCall[] = [];
    let text = '';
    let thinking = '';
    let cut: ModelTurn['cut'];
    for (const [i, open] of ordered.entries()) {
      const isLast = i === ordered.length - 1;
      const call = open.block.type === 'tool_use' ? parseToolCall(open) : null;
      // Cut by the output limit: the block never closed, or it closed on input that does not parse.
      if (cutOff && isLast && (!open.closed || call?.inputError)) {
        cut = { kind: open.block.type };
        break;
      }
      if (call) {
        toolCalls.push(call);
        // The API takes an object back; anything else the model sent is reported to it by the tool result.
        open.block.input = isPlainObject(call.input) ? call.input : {};
      }
      if (open.block.type === 'text') text = joinParagraphs(text, open.block.text as string);
      if (open.block.type === 'thinking') thinking = joinParagraphs(thinking, open.block.thinking as string);
      content.push(open.block as unknown as ContentBlock);
    }
    return {
      content,
      text,
      thinking,
      toolCalls,
      stopReason: this.#stopReason,
      ...(this.#refusal ? { refusal: this.#refusal } : {}),
      ...(cut ? { cut } : {}),
      usage: { ...this.#usage },
      model: this.#model,
    };
  }
}

function joinParagraphs(before: string, next: string): string {
  return before && next ? `${before}\n\n${next}` : before + next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The model's streamed JSON, parsed strictly: a broken input is reported back to it, never guessed at. */
export function parseToolCall(open: { block: Record<string, unknown>; json: string }): ModelToolCall {
  const id = String(open.block.id);
  const name = String(open.block.name);
  const raw = open.json.trim();
  if (raw === '') return { id, name, input: {} };
  try {
    return { id, name, input: JSON.parse(raw) as unknown };
  } catch (error) {
    // Kept whole: the tool result quotes it capped, with a note of how much was cut (echo.ts).
    return { id, name, input: {}, inputError: { message: (error as Error).message, raw } };
  }
}
