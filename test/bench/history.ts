// History bench: what one event's write costs the panel when the history holds 100 finished tasks of the demo shop's
// size (9 steps each, with their reasoning, calls and results), in the layout before (the whole history in one value)
// and now (an index and one key per task: src/panel/store/history-layout.ts).
//   bytesPerWrite        what one event's write sends to chrome.storage.local (and what every panel's onChanged gets)
//   serializeMs          the panel's thread turning the history into what it writes (median of 30 events)
//   writeToEchoMs        from chrome.storage.local.set to its onChanged arriving in the same page (median of 30)

import type { AgentEvent } from '../../src/panel/agent/task/events';
import { RecordCodec, type StoredHistory, splitHistory } from '../../src/panel/store/history-layout';
import { applyEvent, type TaskRecord } from '../../src/panel/store/task-record';
import type { BenchContext } from './context';
import { median, round } from './stats';

const TASKS = 100;
const STEPS = 9;
const EVENTS = 30;

/** A finished task of the demo shop's shape, built the way the store builds it: from the agent's events. */
function shopTask(taskId: string, at: number): TaskRecord {
  const events: AgentEvent[] = [
    {
      type: 'task_started',
      taskId,
      instruction: 'Buy one Monstera at the demo shop and pay',
      followUp: false,
      model: 'claude-sonnet-4-5',
      at,
    },
  ];
  for (let step = 1; step <= STEPS; step++) {
    events.push(
      {
        type: 'step_started',
        taskId,
        step,
        tabId: 7,
        url: `http://127.0.0.1:4000/step${step}.html`,
        operable: true,
        digest: 'a1b2c3d4',
      },
      {
        type: 'model_thinking',
        taskId,
        step,
        attempt: 1,
        delta: 'The cart shows one Monstera; the next control is the checkout button near the total. '.repeat(8),
      },
      {
        type: 'model_text',
        taskId,
        step,
        attempt: 1,
        delta: 'I press the checkout button to go on to the payment form.',
      },
      {
        type: 'tool_call',
        taskId,
        step,
        callId: `c${step}`,
        name: 'click',
        input: { ref: 40 + step },
        target: 'Checkout',
      },
      {
        type: 'tool_result',
        taskId,
        step,
        callId: `c${step}`,
        name: 'click',
        outcome: 'ok',
        isError: false,
        summary: 'Clicked "Checkout": the page went to /checkout.html.',
        verification: { verified: true, effects: ['navigation', 'dom_change'] },
      },
      {
        type: 'step_finished',
        taskId,
        step,
        modelMs: 1800,
        harnessMs: 240,
        usage: { input: 5200, output: 140, cacheRead: 4800, cacheWrite: 0 },
      },
    );
  }
  let record: TaskRecord | undefined;
  for (const event of events) record = applyEvent(record, event, at);
  return record as TaskRecord;
}

function history(): StoredHistory {
  const tasks: Record<string, TaskRecord> = {};
  const order: string[] = [];
  for (let i = 0; i < TASKS; i++) {
    const id = `task${String(i).padStart(3, '0')}`;
    tasks[id] = shopTask(id, 1_000_000 - i);
    order.push(id);
  }
  return { state: { tasks, order, revs: Object.fromEntries(order.map((id) => [id, 50])), removed: [] }, version: 1 };
}

/** The history after the running task (the newest) took one more event. */
function nextEvent(value: StoredHistory, n: number): StoredHistory {
  const id = value.state.order[0] as string;
  const task = value.state.tasks[id] as TaskRecord;
  const changed = {
    ...task,
    steps: task.steps.map((step, i) => (i === 0 ? { ...step, text: `${step.text} ${n}` } : step)),
  };
  return {
    ...value,
    state: {
      ...value.state,
      tasks: { ...value.state.tasks, [id]: changed },
      revs: { ...value.state.revs, [id]: 50 + n },
    },
  };
}

interface Layout {
  bytesPerWrite: number;
  serializeMs: number;
  writeToEchoMs: number;
}

export async function benchHistory(
  ctx: BenchContext,
): Promise<{ tasks: number; oneValue: Layout; keyPerTask: Layout }> {
  const base = history();
  const codec = new RecordCodec();
  splitHistory(base, codec); // what the panel holds already: every record written once
  const writes = { oneValue: [] as Record<string, string>[], keyPerTask: [] as Record<string, string>[] };
  const serialize = { oneValue: [] as number[], keyPerTask: [] as number[] };
  let known = new Map(splitHistory(base, codec));
  for (let n = 1; n <= EVENTS; n++) {
    const value = nextEvent(base, n);
    let started = performance.now();
    writes.oneValue.push({ 'bench.history': JSON.stringify(value) });
    serialize.oneValue.push(performance.now() - started);
    started = performance.now();
    const wanted = splitHistory(value, codec);
    const items: Record<string, string> = {};
    for (const [key, raw] of wanted) if (known.get(key) !== raw) items[`bench.${key}`] = raw;
    known = wanted;
    serialize.keyPerTask.push(performance.now() - started);
    writes.keyPerTask.push(items);
  }
  const echo = async (items: Record<string, string>[]) =>
    ctx.harness.panel.evaluate(async (all) => {
      const times: number[] = [];
      for (const items of all) {
        // Listeners go through an array: tsx names a function held in a variable, with a helper the page lacks.
        const listeners: ((changes: Record<string, unknown>) => void)[] = [];
        const heard = new Promise<void>((resolve) => {
          listeners.push((changes) => {
            if (!Object.keys(items).some((key) => key in changes)) return;
            chrome.storage.onChanged.removeListener(listeners[0] as (changes: Record<string, unknown>) => void);
            resolve();
          });
          chrome.storage.onChanged.addListener(listeners[0] as (changes: Record<string, unknown>) => void);
        });
        const started = performance.now();
        await chrome.storage.local.set(items);
        await heard;
        times.push(performance.now() - started);
      }
      await chrome.storage.local.remove(all.flatMap((items) => Object.keys(items)));
      return times;
    }, items);
  const layout = async (name: 'oneValue' | 'keyPerTask'): Promise<Layout> => {
    const bytes = writes[name].map((items) => Object.values(items).reduce((sum, raw) => sum + raw.length, 0));
    const result = {
      bytesPerWrite: median(bytes),
      serializeMs: round(median(serialize[name]), 2),
      writeToEchoMs: round(median(await echo(writes[name])), 2),
    };
    ctx.log(`history: ${name} ${JSON.stringify(result)}`);
    return result;
  };
  return { tasks: TASKS, oneValue: await layout('oneValue'), keyPerTask: await layout('keyPerTask') };
}
