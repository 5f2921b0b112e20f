// Runs in every e2e test file: after each test, no stand-in of the Messages API may have refused a request, and no
// scripted model may have failed. The stand-in refuses what the real API refuses (decision 0012), so a refused
// request here is a 400 a person with a key would get: every e2e test proves the client sends only what the API
// accepts. A policy that threw (test/e2e/kit/model.ts) ended its task with a give-up; the test fails with its reason.

import { afterEach, expect } from 'vitest';
import { takePolicyFailures } from '../e2e/kit/model';
import { liveFakes } from './fake-anthropic';

afterEach(() => {
  const refused = liveFakes().flatMap((fake) =>
    fake.rejections.map((request) => `${request.method} ${request.path}: ${request.rejection?.message ?? ''}`),
  );
  expect(refused, 'requests the stand-in of the Messages API refused').toEqual([]);
  expect(takePolicyFailures(), 'errors of the scripted model').toEqual([]);
});
