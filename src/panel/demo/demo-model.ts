// The offline demo model: an AgentModel that needs no account. It plays the prepared shop task (demo-task.ts) from
// the observation the loop sends, streams its words like a real model, and says plainly what it cannot do: an
// instruction other than its one task (demo-listens.ts) ends the task with one sentence naming that task, before it
// acts. The panel labels it as a demo wherever it is in use.

import { RelayError } from '../../shared/errors';
import { estimateTokens } from '../../shared/token-estimate';
import {
  type AgentModel,
  allText,
  latestPage,
  type MessageParam,
  type ModelCallOptions,
  type ModelRequest,
  type ModelTurn,
} from '../agent';
import { isDemoTask, latestInstruction } from './demo-listens';
import { needsPlan, planMove } from './demo-plan';
import { type DemoMove, nextDemoMove } from './demo-task';

export const DEMO_MODEL_ID = 'steadyhand-offline-demo';

const SHOP_URL = /Fern & Fig shop \((https?:\/\/[^)\s]+)\)/;

let nextId = 1;

/**
 * The demo's next move in a conversation: the shop task's next step, or a done that says what the demo cannot do.
 * Also what the tests' stand-in of the Messages API plays for `npm start` against it.
 */
export function demoMove(messages: readonly MessageParam[]): DemoMove {
  const shopUrl = shopUrlOf(messages);
  const move = nextDemoMove(latestPage(messages), shopUrl);
  if (move) return move;
  const say =
    'I am the offline demo model: I can only play the prepared Fern & Fig shop task. Add an API key in settings to use a real model.';
  return { say, tool: 'done', input: { success: false, answer: say } };
}

/** The shop's address: from the instruction, else the page the task is on. */
function shopUrlOf(messages: readonly MessageParam[]): string | null {
  return SHOP_URL.exec(allText(messages))?.[1] ?? null;
}

/** The demo's move for a request: its refusal, its plan when "Ask before acting" wants one first, or its next step. */
function demoTurn(request: ModelRequest, refusal: string): DemoMove {
  // The latest instruction decides: a follow-up ("use express shipping") is refused even after the demo task.
  const instruction = latestInstruction(request.messages);
  if (instruction === null || !isDemoTask(instruction)) return refusalMove(refusal);
  const shop = shopUrlOf(request.messages) ?? latestPage(request.messages).url;
  if (shop && needsPlan(request)) return planMove(shop);
  return demoMove(request.messages);
}

/** Said when the person asks for anything but the demo task; the panel passes it in the person's language. */
export const DEMO_REFUSAL =
  'The offline demo can play only one task, buying one Monstera deliciosa for Ada Lovelace with standard shipping ' +
  'on the Fern & Fig demo shop: run its example, or add an API key in Settings for anything else.';

/** The demo's answer to an instruction it cannot play: the task ends, unsuccessful, with that one sentence. */
export function refusalMove(refusal: string): DemoMove {
  return { say: refusal, tool: 'done', input: { success: false, answer: refusal } };
}

export interface DemoModelOptions {
  /** The refusal sentence in the person's language (DEMO_REFUSAL by default). */
  refusal?: string;
}

export class DemoModel implements AgentModel {
  readonly modelId = DEMO_MODEL_ID;
  readonly #refusal: string;

  constructor(options: DemoModelOptions = {}) {
    this.#refusal = options.refusal ?? DEMO_REFUSAL;
  }

  async complete(request: ModelRequest, options: ModelCallOptions): Promise<ModelTurn> {
    if (options.signal.aborted) throw new RelayError('aborted', 'The demo model call was aborted.');
    const tool = demoTurn(request, this.#refusal);
    const say = tool.say;
    for (const word of say.split(/(?<= )/)) {
      // Word by word, so the panel shows text arriving as it would from the API.
      await new Promise((resolve) => setTimeout(resolve, 15));
      if (options.signal.aborted) throw new RelayError('aborted', 'The demo model call was aborted.');
      options.onText?.(word);
    }
    const call = { id: `toolu_demo${nextId++}`, name: tool.tool, input: tool.input };
    return {
      content: [
        { type: 'text', text: say },
        { type: 'tool_use', ...call },
      ],
      text: say,
      thinking: '',
      toolCalls: [call],
      stopReason: 'tool_use',
      usage: {
        input: estimateTokens(JSON.stringify(request)),
        output: estimateTokens(say) + 20,
        cacheRead: 0,
        cacheWrite: 0,
      },
      model: DEMO_MODEL_ID,
    };
  }
}
