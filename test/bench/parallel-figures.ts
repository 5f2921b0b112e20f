// The figures of the parallel bench (parallel.ts), from the events the panel's host emitted, each stamped with the
// panel's clock as it arrived.

import type { AgentEvent } from '../../src/panel/agent/task/events';
import { median, percentile, round } from './stats';

export type Timed = { at: number; event: AgentEvent };

export interface RoundFigures {
  tasks: number;
  /** Tasks that ended succeeded with their done verified. */
  verified: number;
  steps: number;
  /** Step wall time minus the stand-in's fixed think time: what the harness (panel, relay, page, SDK) cost. */
  harnessMedianMs: number;
  harnessP90Ms: number;
  /** The panel's own figure (`step_finished.harnessMs`): wall time minus the model request as the panel timed it. */
  ownHarnessMedianMs: number;
  ownHarnessP90Ms: number;
  /**
   * Medians of the step's parts: look (tab check, navigation and settle waits, snapshot: from the step's start to
   * step_started), model (the request, think time included), act (tool_call to tool_result, all calls of the step).
   */
  lookMedianMs: number;
  modelMedianMs: number;
  actMedianMs: number;
  /** Every task's steps over the time from the first step's start to the last task's end. */
  stepsPerSecond: number;
  wallSeconds: number;
}

interface StepTimes {
  wall: number;
  own: number;
  look: number;
  model: number;
  act: number;
}

/**
 * Figures of one round of `tasks` tasks, the model thinking `thinkMs` before each turn. A step's wall time is the
 * panel's own (step_finished: harness + model; nobody is asked here), so it starts before the look, where the loop
 * marks it (src/panel/agent/run/loop.ts), not at step_started, which comes after the look.
 */
export function roundFigures(timed: Timed[], tasks: number, thinkMs: number): RoundFigures {
  const started = new Map<string, number>();
  const calls = new Map<string, number>();
  const acting = new Map<string, number>();
  const steps: StepTimes[] = [];
  let verified = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const { at, event } of timed) {
    const key = `${event.taskId}/${'step' in event ? event.step : ''}`;
    if (event.type === 'step_started') started.set(key, at);
    if (event.type === 'tool_call') calls.set(event.callId, at);
    if (event.type === 'tool_result') {
      const began = calls.get(event.callId);
      if (began !== undefined) acting.set(key, (acting.get(key) ?? 0) + at - began);
    }
    if (event.type === 'step_finished') {
      const wall = event.harnessMs + event.modelMs;
      first = Math.min(first, at - wall);
      const look = (started.get(key) ?? at) - (at - wall);
      steps.push({ wall, own: event.harnessMs, look, model: event.modelMs, act: acting.get(key) ?? 0 });
    }
    if (event.type === 'task_finished') {
      last = Math.max(last, at);
      if (event.status === 'succeeded' && event.verified) verified += 1;
    }
  }
  const harness = steps.map((step) => Math.max(0, step.wall - thinkMs));
  const own = steps.map((step) => step.own);
  const seconds = (last - first) / 1000;
  const mid = (pick: (step: StepTimes) => number) => round(median(steps.map(pick)), 1);
  return {
    tasks,
    verified,
    steps: steps.length,
    harnessMedianMs: round(median(harness), 1),
    harnessP90Ms: round(percentile(harness, 90), 1),
    ownHarnessMedianMs: round(median(own), 1),
    ownHarnessP90Ms: round(percentile(own, 90), 1),
    lookMedianMs: mid((step) => step.look),
    modelMedianMs: mid((step) => step.model),
    actMedianMs: mid((step) => step.act),
    stepsPerSecond: round(steps.length / Math.max(seconds, 0.001), 2),
    wallSeconds: round(seconds, 1),
  };
}
