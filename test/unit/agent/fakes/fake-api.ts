// The fake Messages API for the model client's tests: one server per test file, emptied before each test.

import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ModelError } from '../../../../src/panel/agent/model/llm-errors';
import { type FakeAnthropic, startFakeAnthropic } from '../../../support/fake-anthropic';

export const API_KEY = 'sk-ant-test-key';

/** Starts the server for this file and hands it to `take`; the file's tests use it through their own variable. */
export function useFakeApi(take: (fake: FakeAnthropic) => void): void {
  let fake: FakeAnthropic | undefined;
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    take(fake);
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake?.reset();
  });
}

/** Awaits a model call expected to fail and hands back its ModelError. */
export async function modelFailure(promise: Promise<unknown>): Promise<ModelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  throw new Error('expected a ModelError');
}
