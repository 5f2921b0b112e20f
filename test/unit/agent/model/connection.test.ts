import { describe, expect, it } from 'vitest';
import { checkConnection } from '../../../../src/panel/agent/model/connection';

const SETTINGS = { apiKey: 'k', baseUrl: 'http://127.0.0.1:9', model: 'claude-haiku-4-5' };

describe('checkConnection', () => {
  it('says in one short sentence that the server could not be reached, without repeating the field’s hint', async () => {
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const result = await checkConnection(SETTINGS, { fetch: refused });
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      'Could not reach the model API at http://127.0.0.1:9: check that the server runs and the base URL is right.',
    );
    // The addresses of Ollama, llama.cpp and LM Studio are the field's hint, shown under it already.
    expect(result.message).not.toMatch(/Ollama|11434|LM Studio/);
    expect(result.message.length).toBeLessThan(160);
  });
});
