// Running tasks in the real panel against the fake Anthropic server: point the panel's settings at the fake, answer
// each request from what the model was shown (the same observation a real model reads), and collect the events.

import type Anthropic from '@anthropic-ai/sdk';
import type { Page } from 'playwright-core';
import type { AgentEvent, TaskResult } from '../../src/panel/agent/events';
import { latestPage, type SeenPage } from '../../src/panel/agent/observation-reader';
import type { FakeAnthropic, RecordedRequest, Turn } from './fake-anthropic';
import { textTurn, toolTurn } from './fake-anthropic';
import type { PanelGlobal } from './panel';

export async function useFakeModel(panel: Page, fake: FakeAnthropic): Promise<void> {
  await panel.evaluate(
    (baseUrl) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ apiKey: 'test-key', baseUrl }),
    fake.url,
  );
}

export interface Seen extends SeenPage {
  /** The tools the previous turn called, in order. */
  previousTools: string[];
  request: RecordedRequest;
}

/** Answers every model request with what `policy` decides from the latest observation. */
export function playPolicy(fake: FakeAnthropic, policy: (seen: Seen) => Turn): void {
  fake.respondWith((request) => {
    const messages = (request.body?.messages ?? []) as Anthropic.MessageParam[];
    const previous = [...messages].reverse().find((m) => m.role === 'assistant');
    const previousTools = Array.isArray(previous?.content)
      ? previous.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []))
      : [];
    return policy({ ...latestPage(messages), previousTools, request });
  });
}

export const act = (name: string, input: Record<string, unknown> = {}, say = '') =>
  toolTurn(name, input, say || undefined);
export const giveUp = (why: string) => toolTurn('done', { success: false, answer: why });
export { textTurn };

export function control(seen: SeenPage, role: string, name: RegExp) {
  const found = seen.controls.find((c) => c.role === role && name.test(c.name));
  if (!found) throw new Error(`No ${role} matching ${name} in:\n${seen.text}`);
  return found;
}

/** Runs a task from the panel and returns its result and every event, in order. */
export function runTask(panel: Page, instruction: string): Promise<{ result: TaskResult; events: AgentEvent[] }> {
  return panel.evaluate(async (text) => {
    const { controller } = (globalThis as PanelGlobal).steadyhand;
    const events: AgentEvent[] = [];
    const off = controller.subscribe((event) => events.push(event));
    try {
      const result = await controller.execute(text);
      return { result, events };
    } finally {
      off();
    }
  }, instruction);
}
