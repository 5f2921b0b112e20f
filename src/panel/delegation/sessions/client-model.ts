// The model of a page-level session's run (issue 29) is the client. The session's task runs Steadyhand's own loop
// (src/panel/agent/run/loop.ts): each step looks at the session's tab (tab check, site gate, observation), asks its
// model for a turn, and runs the turn's calls through the tools' executor (registry, gates, ref ledger, verification).
// Here the turn is the one call the client sent, and the next request the loop makes (the call's result and the page
// after it, as Steadyhand's model would read them) is what the client's call gets back. So a session's click is
// verified by the very code a task's click is, and nothing of the loop is copied. A call that only wants a fresh look
// is a turn that `looksOnly` (page_snapshot).

import { abortedError } from '../../../shared/rpc';
import type { AgentModel, ModelCallOptions, ModelRequest, ModelToolCall, ModelTurn } from '../../agent';

const NO_USAGE = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } as const;

/** A turn of the client's, and where the request that follows it goes. */
interface Handed {
  turn: ModelTurn;
  answer(request: ModelRequest): void;
}

export class ClientModel implements AgentModel {
  readonly modelId: string;
  /** The loop, waiting for the client's next turn. */
  #asking: ((handed: Handed) => void) | null = null;
  /** A turn the client sent before the loop asked for it. */
  #queued: Handed | null = null;
  /** The turn the loop runs now: the next request it makes answers it. */
  #running: Handed | null = null;

  constructor(clientName: string) {
    this.modelId = `client: ${clientName}`;
  }

  complete(request: ModelRequest, options: ModelCallOptions): Promise<ModelTurn> {
    const ran = this.#running;
    this.#running = null;
    ran?.answer(request);
    const queued = this.#queued;
    this.#queued = null;
    if (queued) return Promise.resolve(this.#take(queued));
    const { signal } = options;
    if (signal.aborted) return Promise.reject(abortedError('the session'));
    return new Promise<ModelTurn>((resolve, reject) => {
      const onAbort = () => {
        this.#asking = null;
        reject(abortedError('the session'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#asking = (handed) => {
        signal.removeEventListener('abort', onAbort);
        this.#asking = null;
        resolve(this.#take(handed));
      };
    });
  }

  /**
   * Hands the loop the client's next turn (`call`, or null for a fresh look only) and resolves with the request the
   * loop makes after running it (never with one it made before). One at a time: the session sends the next only once
   * this one is answered. Never resolves if the run ends first; the session races it with the run's end.
   */
  next(call: ModelToolCall | null): Promise<ModelRequest> {
    return new Promise<ModelRequest>((answer) => {
      const handed = { turn: turnOf(call, this.modelId), answer };
      if (this.#asking) this.#asking(handed);
      else this.#queued = handed;
    });
  }

  #take(handed: Handed): ModelTurn {
    this.#running = handed;
    return handed.turn;
  }
}

function turnOf(call: ModelToolCall | null, model: string): ModelTurn {
  const common = { text: '', thinking: '', usage: { ...NO_USAGE }, model };
  if (!call) return { ...common, content: [], toolCalls: [], stopReason: 'end_turn', looksOnly: true };
  const use = { type: 'tool_use' as const, id: call.id, name: call.name, input: call.input };
  return { ...common, content: [use], toolCalls: [call], stopReason: 'tool_use' };
}
