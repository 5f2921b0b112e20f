// Runs in every e2e test file: after each test, no stand-in of the Messages API may have refused a request. The
// stand-in refuses what the real API refuses (decision 0012), so a refused request here is a 400 a person with a key
// would get: every e2e test proves the client sends only what the API accepts.

import { afterEach, expect } from 'vitest';
import { liveFakes } from './fake-anthropic';

afterEach(() => {
  const refused = liveFakes().flatMap((fake) =>
    fake.rejections.map((request) => `${request.method} ${request.path}: ${request.rejection?.message ?? ''}`),
  );
  expect(refused, 'requests the stand-in of the Messages API refused').toEqual([]);
});
