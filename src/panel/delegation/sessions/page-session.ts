// One page-level session (issue 29): a task of the panel whose model is one client (client-model.ts). Its calls go to
// the loop one at a time, in the order they came; each resolves with what the loop's next request says of it
// (step-readout.ts), or with the task's ending when the session ended first (closed, stopped in the panel, its last
// tab gone, the panel gone).

import type { DelegationClient } from '../../../shared/delegation/tools';
import type { AgentEvent, AgentSettings, TaskResult } from '../../agent';
import type { SessionHost, SessionRun } from '../../wiring/session-host';
import { ClientModel } from './client-model';
import { listedRefs, type SessionFence } from './page-calls';
import { readStep, type StepReadout } from './step-readout';

type ToolResultEvent = Extract<AgentEvent, { type: 'tool_result' }>;

export type StepOutcome =
  | { kind: 'answered'; readout: StepReadout; event: ToolResultEvent | null }
  | { kind: 'ended'; result: TaskResult }
  | { kind: 'cancelled' };

/** A turn for the loop: one of Steadyhand's tools with its input, or null for a fresh look only. */
export type SessionTurn = { name: string; input: Record<string, unknown> } | null;

/**
 * The session's settings over the person's: no plan to approve (the client plans; its consequential steps ask the
 * person as "Ask before acting for other agents" says, TaskConsent.askEveryStep), no repair notes or no-progress
 * ending (the client's model decides what to do after a failure), no script or screenshot, and the most steps a task
 * may take: each call of the client is one step.
 */
export function sessionSettings(settings: AgentSettings): AgentSettings {
  return {
    ...settings,
    autonomy: 'act',
    maxSteps: 500,
    noProgressDetection: false,
    autoRepair: false,
    allowScript: false,
    vision: false,
    tabStickiness: true,
  };
}

export class PageSession {
  readonly client: DelegationClient;
  readonly #model: ClientModel;
  readonly #run: SessionRun;
  readonly #shown = new Set<number>();
  readonly #results = new Map<string, ToolResultEvent>();
  #chain: Promise<unknown> = Promise.resolve();
  #calls = 0;
  #ended: TaskResult | null = null;
  /** The session's tabs as its latest observation listed them. */
  #lastTabs: number[] = [];

  constructor(host: SessionHost, client: DelegationClient, instruction: string) {
    this.client = client;
    this.#model = new ClientModel(client.name);
    this.#run = host.openSession({
      client,
      instruction,
      model: this.#model,
      settings: sessionSettings,
      onEvent: (event) => this.#heard(event),
    });
  }

  get id(): string {
    return this.#run.taskId;
  }

  /** The task's ending once the session ended; null while it is open. */
  get ended(): TaskResult | null {
    return this.#ended;
  }

  /** Resolves with the task's ending. */
  get done(): Promise<TaskResult> {
    return this.#run.done;
  }

  readonly fence: SessionFence = {
    owns: (tabId) => this.#run.owns(tabId),
    ownTabs: () => this.#lastTabs.filter((tabId) => this.#run.owns(tabId)),
    wasShown: (ref) => this.#shown.has(ref),
  };

  /** Sends a turn after the ones before it; `signal` cancels the wait for its answer, not the turn. */
  step(turn: SessionTurn, signal: AbortSignal): Promise<StepOutcome> {
    const sent = this.#chain.then(() => this.#send(turn));
    this.#chain = sent.catch(() => undefined);
    if (signal.aborted) return Promise.resolve({ kind: 'cancelled' });
    return new Promise<StepOutcome>((resolve, reject) => {
      const cancel = () => resolve({ kind: 'cancelled' });
      signal.addEventListener('abort', cancel, { once: true });
      sent.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancel));
    });
  }

  /** Ends the session as the panel's Stop does; resolves with its ending. */
  close(): Promise<TaskResult> {
    this.#run.stop();
    return this.#run.done;
  }

  async #send(turn: SessionTurn): Promise<StepOutcome> {
    if (this.#ended) return { kind: 'ended', result: this.#ended };
    this.#calls += 1;
    const id = turn ? `session_call_${this.#calls}` : null;
    const asked = this.#model.next(turn && id ? { id, name: turn.name, input: turn.input } : null);
    const first = await Promise.race([
      asked.then((request) => ({ request })),
      this.#run.done.then((result) => ({ result })),
    ]);
    if ('result' in first) return { kind: 'ended', result: first.result };
    const readout = readStep(first.request, id);
    for (const ref of listedRefs(`${readout.result?.text ?? ''}\n${readout.observation}`)) this.#shown.add(ref);
    this.#lastTabs = readout.page.tabs.map((tab) => tab.tabId);
    const event = id ? (this.#results.get(id) ?? null) : null;
    if (id) this.#results.delete(id);
    return { kind: 'answered', readout, event };
  }

  #heard(event: AgentEvent): void {
    if (event.type === 'tool_result') this.#results.set(event.callId, event);
    if (event.type === 'task_finished') {
      const { type: _type, ...result } = event;
      this.#ended = result;
    }
  }
}
