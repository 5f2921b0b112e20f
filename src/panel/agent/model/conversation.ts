// The task's conversation with the model, append-only for the life of the task (decision 0012). Today's Claude
// models bind each thinking block to everything sent before it (system prompt, tools, earlier messages), so a
// message, once the model has answered it, is never changed: assistant messages stay exactly as they came (every
// block, in order, signatures intact), and everything new (tool results, the next observation, harness notes, the
// person's follow-ups) goes into the next user message. Old page views are cleared by the API's own context
// management, never by this class (https://platform.claude.com/docs/en/build-with-claude/preserved-thinking).

import type { ContentBlock, MessageParam, ToolResultBlock, ToolResultContent } from './agent-model';
import { NOTE_TOOL } from './context-budget';

interface OpenCall {
  id: string;
  name: string;
}

/** Said for a tool call that never ran: the run ended (Stop, an accepted done, a closed tab) before it. */
export const NOT_RUN_TEXT = 'Not run: the run ended before this call.';
/** What replaces the results of a turn the model refused to continue, so the refused content is not sent again. */
export const WITHHELD_TEXT = 'Not shown: the model declined to continue at this point.';

export class Conversation {
  readonly #messages: MessageParam[] = [];
  /** Tool calls of the latest assistant message(s), in order, each waiting for its result. */
  #open: OpenCall[] = [];
  readonly #results = new Map<string, ToolResultBlock>();
  /** Texts for the next user message: instructions, harness notes. */
  #texts: string[] = [];
  /** The latest assistant message was paused (`pause_turn`): the next request sends it back as it is. */
  #continuing = false;
  /** How many of `#texts` the request in flight carries: notes added while it runs wait for the next one. */
  #textsSent = 0;

  /** Every message the model has answered, and its answers, in order. */
  get messages(): readonly MessageParam[] {
    return this.#messages;
  }

  /** A new instruction from the person: the first of the task, or a follow-up continuing it. */
  begin(instruction: string, followUp: boolean): void {
    this.note(followUp ? `Follow-up instruction from the person: ${instruction}` : `Task: ${instruction}`);
  }

  /** A text for the model's next message: a harness note, an instruction added while the agent works. */
  note(text: string): void {
    this.#continuing = false;
    this.#texts.push(text);
  }

  /** The result of one of the latest tool calls, as the block the model will read. */
  answer(block: ToolResultBlock): void {
    this.#results.set(block.tool_use_id, block);
  }

  /**
   * The messages of the next request: the conversation so far and the next user message (results first, as the API
   * requires, then the notes). The observation rides inside the last tool result that context management may clear,
   * so old page views can be cleared with their results; without one it is a text block. Nothing is kept until
   * `commit`: a request that fails leaves the conversation as it was.
   */
  next(observation: string | null): MessageParam[] {
    if (this.#continuing) {
      this.#textsSent = 0;
      return [...this.#messages];
    }
    this.#textsSent = this.#texts.length;
    const results = this.#open.map(
      (call): ToolResultBlock =>
        this.#results.get(call.id) ?? {
          type: 'tool_result',
          tool_use_id: call.id,
          content: [{ type: 'text', text: NOT_RUN_TEXT }],
          is_error: true,
        },
    );
    const carrier = lastIndexWhere(this.#open, (call) => call.name !== NOTE_TOOL);
    const content: ContentBlock[] = results.map((block, i) =>
      i === carrier && observation !== null ? withText(block, observation) : block,
    );
    for (const text of this.#texts) content.push({ type: 'text', text });
    if (observation !== null && carrier < 0) content.push({ type: 'text', text: observation });
    return [...this.#messages, { role: 'user', content }];
  }

  /**
   * The model answered `sent` (from `next`): it and the answer become history. `paused`: the turn is not over
   * (`pause_turn`), and the next request sends it back to be continued.
   */
  commit(sent: readonly MessageParam[], answer: readonly ContentBlock[], paused = false): void {
    this.#messages.splice(0, this.#messages.length, ...sent, { role: 'assistant', content: [...answer] });
    const own = answer.flatMap((block) => (block.type === 'tool_use' ? [{ id: block.id, name: block.name }] : []));
    this.#open = this.#continuing ? [...this.#open, ...own] : own;
    if (!this.#continuing) this.#results.clear();
    this.#texts = this.#texts.slice(this.#textsSent);
    this.#textsSent = 0;
    this.#continuing = paused;
  }

  /**
   * The model refused to go on (stop_reason `refusal`). Sending the same content again would only be refused again
   * (https://platform.claude.com/docs/en/test-and-evaluate/strengthen-guardrails/handle-streaming-refusals), so the
   * pending results are withheld. The refused request was never committed, so nothing the model answered changes.
   */
  withholdAfterRefusal(): void {
    for (const call of this.#open) {
      this.#results.set(call.id, {
        type: 'tool_result',
        tool_use_id: call.id,
        content: [{ type: 'text', text: WITHHELD_TEXT }],
        is_error: true,
      });
    }
    this.#texts = [];
    this.#continuing = false;
  }
}

function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return i;
  return -1;
}

function withText(block: ToolResultBlock, text: string): ToolResultBlock {
  const content: ToolResultContent =
    typeof block.content === 'string'
      ? [{ type: 'text', text: block.content }]
      : [...((block.content ?? []) as ToolResultContent)];
  return { ...block, content: [...content, { type: 'text', text }] };
}
