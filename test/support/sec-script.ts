// Scripted model answers for the security and fault suites: one answer per model request, in order, each a fault
// or a turn computed from what that request showed the model.

import type Anthropic from '@anthropic-ai/sdk';
import { latestPage, type SeenPage } from '../../src/panel/agent/observation-reader';
import type { FakeAnthropic, RecordedRequest, Turn } from './fake-anthropic';

/** The latest observation of a request, as the scripted model reads it. */
export function seenIn(request: RecordedRequest): SeenPage {
  return latestPage((request.body?.messages ?? []) as Anthropic.MessageParam[]);
}

export type ScriptStep = Turn | ((request: RecordedRequest) => Turn | Promise<Turn>);

/** Answers the model requests in order; a request past the end of the script fails the task loudly. */
export function playSteps(fake: FakeAnthropic, steps: readonly ScriptStep[]): void {
  fake.respondWith((request, index) => {
    const step = steps[index];
    if (step === undefined) throw new Error(`No scripted answer for model request ${index}`);
    return typeof step === 'function' ? step(request) : step;
  });
}
