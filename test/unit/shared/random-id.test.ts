// Ids for code that runs in web pages come from crypto.getRandomValues, which every context has: crypto.randomUUID
// is missing on plain http sites (insecure contexts), where the content script must still start (decision 0025).

import { afterEach, describe, expect, it } from 'vitest';
import { randomHexId } from '../../../src/shared/random-id';

const randomUUID = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(crypto), 'randomUUID');

afterEach(() => {
  if (randomUUID) Object.defineProperty(Object.getPrototypeOf(crypto), 'randomUUID', randomUUID);
});

describe('randomHexId', () => {
  it('makes lowercase hex ids of the asked length, different each time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => randomHexId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHexId(4)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('works where crypto.randomUUID does not exist, as in an insecure context', () => {
    // As on http://shop.test/: the method is simply absent (it is [SecureContext] in Web Crypto).
    expect(randomUUID).toBeDefined();
    Reflect.deleteProperty(Object.getPrototypeOf(crypto), 'randomUUID');
    expect('randomUUID' in crypto).toBe(false);
    expect(randomHexId()).toMatch(/^[0-9a-f]{32}$/);
  });
});
