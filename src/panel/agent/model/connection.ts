// "Test connection": lists the models the key can use (`GET /v1/models`,
// https://platform.claude.com/docs/en/api/models/list) so the person picks one that exists, and says in one sentence
// what is wrong when it fails: the key, the address, or the model. An Anthropic-compatible local server (Ollama,
// llama.cpp, LM Studio) lists its models in the OpenAI shape, which reads the same here; one that lists none is
// tried with a one-word request instead.

import type Anthropic from '@anthropic-ai/sdk';
import type { AgentSettings } from '../core/settings';
import { anthropicClient } from './anthropic-client';
import { type ModelError, toModelError } from './llm-errors';

export interface ModelChoice {
  id: string;
  /** The display name when the endpoint gives one, else the id. */
  name: string;
}

export interface ConnectionResult {
  ok: boolean;
  /** A plain sentence: "Connected: 9 models available, claude-… among them." or "Check your API key in settings." */
  message: string;
  /** The models the key can use, newest first, when the endpoint lists them: the settings offer them as a choice. */
  models?: ModelChoice[];
}

/** Enough for any account's list; the API's page size maximum is 1,000. */
const LIST_LIMIT = 200;
const TIMEOUT_MS = 20_000;

type Settings = Pick<AgentSettings, 'apiKey' | 'baseUrl' | 'model'>;

async function listModels(api: Anthropic, signal: AbortSignal): Promise<ModelChoice[]> {
  const page = await api.models.list({ limit: LIST_LIMIT }, { signal });
  return page.data.flatMap((info) => {
    const entry = info as Partial<Anthropic.ModelInfo>;
    if (typeof entry.id !== 'string' || entry.lifecycle === 'retired') return [];
    return [{ id: entry.id, name: typeof entry.display_name === 'string' ? entry.display_name : entry.id }];
  });
}

/** An alias (`claude-haiku-4-5`) is not in the list, which names snapshots; the Models API resolves it. */
async function resolves(api: Anthropic, model: string, signal: AbortSignal): Promise<boolean> {
  try {
    const info = await api.models.retrieve(model, {}, { signal });
    return typeof info.id === 'string';
  } catch {
    return false;
  }
}

/**
 * The connection failed before any answer: one sentence naming the address tried. The settings field's hint lists the
 * usual addresses (Anthropic, Ollama, llama.cpp, LM Studio) right under it, so the result does not repeat them.
 */
function unreachable(settings: Settings, failure: ModelError): string {
  return `${failure.what} at ${settings.baseUrl}: check that the server runs and the base URL is right.`;
}

export async function checkConnection(
  settings: Settings,
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<ConnectionResult> {
  const signal = options.signal ?? AbortSignal.timeout(TIMEOUT_MS);
  const api = anthropicClient(settings, { timeoutMs: TIMEOUT_MS, fetch: options.fetch });
  let models: ModelChoice[] | null = null;
  try {
    models = await listModels(api, signal);
  } catch (error) {
    const failure = toModelError(error, settings.model, false, TIMEOUT_MS);
    if (failure.kind === 'network') return { ok: false, message: unreachable(settings, failure) };
    // A server without the Models API: ask the model itself below. Anything else is the answer.
    if (failure.kind !== 'not_found') return { ok: false, message: failure.message };
  }
  if (models && models.length > 0) {
    const listed = models.some((model) => model.id === settings.model) || (await resolves(api, settings.model, signal));
    const message = listed
      ? `Connected: ${models.length} model${models.length === 1 ? '' : 's'} available, ${settings.model} among them.`
      : `Connected, but ${settings.model} is not among the ${models.length} models this key can use: pick one below.`;
    return { ok: listed, message, models };
  }
  try {
    const started = performance.now();
    const reply = await api.messages.create(
      { model: settings.model, max_tokens: 16, messages: [{ role: 'user', content: 'Reply with the word ok.' }] },
      { signal },
    );
    const ms = Math.round(performance.now() - started);
    return { ok: true, message: `Connected: ${reply.model} answered in ${ms} ms.` };
  } catch (error) {
    const failure = toModelError(error, settings.model, false, TIMEOUT_MS);
    return {
      ok: false,
      message: failure.kind === 'network' ? unreachable(settings, failure) : failure.message,
    };
  }
}
