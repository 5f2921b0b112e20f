// A scripted model: each call consumes the next scripted turn (or asks a responder), records the request it was
// sent, and streams the turn's text in small deltas. `hang` waits until the run is stopped; `error` throws.

import type {
  AgentModel,
  ContentBlock,
  ModelCallOptions,
  ModelRequest,
  ModelTurn,
  TokenUsage,
} from '../../../../src/panel/agent/model/agent-model';
import { abortedError } from '../../../../src/shared/rpc';
import type { FakeClock } from './clock';

export interface ScriptCall {
  name: string;
  input?: unknown;
  id?: string;
  inputError?: { message: string; raw: string };
}

export type ScriptTurn =
  | {
      text?: string;
      /** Readable thinking, streamed through onThinking and kept as a signed thinking block first. */
      thinking?: string;
      calls?: ScriptCall[];
      usage?: Partial<TokenUsage>;
      stopReason?: string;
      refusal?: ModelTurn['refusal'];
      /** The reply was cut off by the output limit in a block of this kind (left out of the content). */
      cut?: string;
    }
  | { hang: true }
  | { error: Error };

export type Responder = (request: ModelRequest, index: number) => ScriptTurn;

/** One tool call, optionally with some text before it. */
export const call = (name: string, input: unknown = {}, text?: string): ScriptTurn => ({
  ...(text === undefined ? {} : { text }),
  calls: [{ name, input }],
});

export const calls = (...list: ScriptCall[]): ScriptTurn => ({ calls: list });

export const say = (text: string): ScriptTurn => ({ text });

let ids = 0;

export class ScriptedModel implements AgentModel {
  readonly modelId: string;
  readonly requests: ModelRequest[] = [];
  readonly #queue: ScriptTurn[];
  #responder: Responder | undefined;
  /** Fake milliseconds each call takes, so harness time can be told from model time. */
  readonly #clock: FakeClock | undefined;
  readonly #callMs: number;

  constructor(
    turns: ScriptTurn[] = [],
    options: { responder?: Responder; clock?: FakeClock; callMs?: number; model?: string } = {},
  ) {
    this.#queue = [...turns];
    this.#responder = options.responder;
    this.#clock = options.clock;
    this.#callMs = options.callMs ?? 0;
    this.modelId = options.model ?? 'claude-sonnet-5-5';
  }

  enqueue(...turns: ScriptTurn[]): void {
    this.#queue.push(...turns);
  }

  respondWith(responder: Responder): void {
    this.#responder = responder;
  }

  get lastRequest(): ModelRequest | undefined {
    return this.requests.at(-1);
  }

  async complete(request: ModelRequest, options: ModelCallOptions): Promise<ModelTurn> {
    if (options.signal.aborted) throw abortedError('The model call');
    const index = this.requests.length;
    this.requests.push(structuredClone(request));
    const turn = this.#queue.shift() ?? this.#responder?.(request, index);
    if (!turn) throw new Error(`scripted model: no turn for call #${index}`);
    if ('hang' in turn) return hangUntilAborted(options.signal);
    if ('error' in turn) throw turn.error;
    this.#clock?.advance(this.#callMs);
    const text = turn.text ?? '';
    const thinking = turn.thinking ?? '';
    for (let i = 0; i < thinking.length; i += 8) options.onThinking?.(thinking.slice(i, i + 8));
    for (let i = 0; i < text.length; i += 8) options.onText?.(text.slice(i, i + 8));
    const toolCalls = (turn.calls ?? []).map((c) => ({
      id: c.id ?? `toolu_${++ids}`,
      name: c.name,
      input: c.input ?? {},
      ...(c.inputError ? { inputError: c.inputError } : {}),
    }));
    const content: ContentBlock[] = [];
    if (thinking) content.push({ type: 'thinking', thinking, signature: `sig-${ids}` });
    if (text) content.push({ type: 'text', text });
    for (const c of toolCalls) {
      const input = typeof c.input === 'object' && c.input !== null && !Array.isArray(c.input) ? c.input : {};
      content.push({ type: 'tool_use', id: c.id, name: c.name, input: input as Record<string, unknown> });
    }
    return {
      content,
      text,
      thinking,
      toolCalls,
      stopReason: turn.stopReason ?? (turn.refusal ? 'refusal' : toolCalls.length > 0 ? 'tool_use' : 'end_turn'),
      ...(turn.refusal ? { refusal: turn.refusal } : {}),
      ...(turn.cut ? { cut: { kind: turn.cut } } : {}),
      usage: { input: 1000, output: 50, cacheRead: 800, cacheWrite: 100, ...turn.usage },
      model: this.modelId,
    };
  }
}

function hangUntilAborted(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(abortedError('The model call')), { once: true });
  });
}

/** All text the model was shown in a request's last user message. */
export function lastUserText(request: ModelRequest | undefined): string {
  const content = request?.messages.at(-1)?.content ?? '';
  if (typeof content === 'string') return content;
  return content
    .map((block) => {
      if (block.type === 'text') return block.text;
      if (block.type === 'tool_result') {
        return typeof block.content === 'string'
          ? block.content
          : (block.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      }
      return '';
    })
    .join('\n');
}

/**
 * The tool_result blocks the model got in a request's last message: each result's own text (its first text block;
 * the step's observation rides after it in the last result).
 */
export function toolResults(request: ModelRequest | undefined): { id: string; isError: boolean; text: string }[] {
  const message = request?.messages.at(-1);
  if (!message || typeof message.content === 'string') return [];
  return (message.content ?? []).flatMap((block) => {
    if (block.type !== 'tool_result') return [];
    const first =
      typeof block.content === 'string' ? block.content : (block.content ?? []).find((c) => c.type === 'text');
    const text = typeof first === 'string' ? first : first?.type === 'text' ? first.text : '';
    return [{ id: block.tool_use_id, isError: block.is_error === true, text }];
  });
}
