// The one way the panel makes an SDK client, for the model calls (llm.ts) and for "Test connection" (connection.ts).

import Anthropic from '@anthropic-ai/sdk';
import type { AgentSettings } from '../core/settings';

export function anthropicClient(
  settings: Pick<AgentSettings, 'apiKey' | 'baseUrl'>,
  options: { timeoutMs: number; fetch?: typeof fetch },
): Anthropic {
  return new Anthropic({
    // SDK 1.x sends apiKey as `Authorization: Bearer`; the API and the stand-in accept it.
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // The key is the person's own, typed into their own browser; the panel is the only place it is used.
    dangerouslyAllowBrowser: true,
    // Steadyhand retries itself (llm.ts), so every wait honours Stop and is counted; a connection test does not retry.
    maxRetries: 0,
    // The SDK's timeout only covers the wait for the response headers; llm.ts watches the stream itself.
    timeout: options.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
