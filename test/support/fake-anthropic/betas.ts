// The `anthropic-beta` header: which values the API knows, and which request fields each one unlocks.
// https://platform.claude.com/docs/en/api/beta-headers: several values are sent comma-separated (or as repeated
// headers); the SDK's `client.beta.*` methods also add `?beta=true` to the path, which the API accepts.

import type { ModelProfile } from './profile-types';
import { invalid } from './schema';

export const BETA = {
  contextManagement: 'context-management-2025-06-27',
  compact: 'compact-2026-01-12',
  compactOnDemand: 'compact-2026-09-04',
  binding: 'thinking-binding-controls-2026-08-01',
  displayUpdates: 'thinking-display-updates-2026-08-18',
  systemOutputConfig: 'mid-conversation-output-config-2026-07-01',
  systemClearAt: 'mid-conversation-system-clear-at-2026-08-21',
} as const;

/**
 * The values the API accepts: the `AnthropicBeta` union of @anthropic-ai/sdk 1.12 (src/resources/beta/beta.ts), plus
 * `fine-grained-tool-streaming-2025-05-14`, which the SDK's recorded stream fixtures were made with.
 */
const KNOWN_BETAS: ReadonlySet<string> = new Set([
  'computer-use-2024-10-22',
  'computer-use-2025-01-24',
  'output-128k-2025-02-19',
  'mcp-client-2025-04-04',
  'mcp-client-2025-11-20',
  'dev-full-thinking-2025-05-14',
  'interleaved-thinking-2025-05-14',
  'code-execution-2025-05-22',
  'context-1m-2025-08-07',
  'context-management-2025-06-27',
  'model-context-window-exceeded-2025-08-26',
  'fast-mode-2026-02-01',
  'output-300k-2026-03-24',
  'user-profiles-2026-03-24',
  'user-profiles-2026-08-18',
  'user-profiles-2026-09-04',
  'advisor-tool-2026-03-01',
  'managed-agents-2026-04-01',
  'dreaming-2026-04-21',
  'thinking-token-count-2026-05-13',
  'server-side-fallback-2026-06-01',
  'server-side-fallback-2026-07-01',
  'fallback-credit-2026-06-01',
  'fallback-credit-2026-07-01',
  'agent-memory-2026-07-22',
  'mid-conversation-tool-changes-2026-07-01',
  'compact-2026-01-12',
  'computer-use-2025-11-24',
  'mcp-tunnels-2026-06-22',
  'structured-outputs-2025-11-13',
  'task-budgets-2026-03-13',
  'thinking-display-updates-2026-08-18',
  'mid-conversation-output-config-2026-07-01',
  'thinking-binding-controls-2026-08-01',
  'mid-conversation-system-clear-at-2026-08-21',
  'compact-2026-09-04',
  'inline-tools-2026-09-15',
  'mcp-client-2026-09-15',
  'ce-plugins-2026-09-01',
  'spend-limit-reads-2026-09-26',
  'telemetry-destinations-2026-08-11',
  'webhooks-2026-10-07',
  'admin-user-sign-out-2026-10-08',
  'message-threads-2026-08-12',
  'analytics-usage-cost-2026-08-24',
  'experimental-claude-tag-2026-10-21',
  'message-batches-2024-09-24',
  'prompt-caching-2024-07-31',
  'pdfs-2024-09-25',
  'token-counting-2024-11-01',
  'token-efficient-tools-2025-02-19',
  'files-api-2025-04-14',
  'extended-cache-ttl-2025-04-11',
  'skills-2025-10-02',
  'cache-diagnosis-2026-04-07',
  'ce-user-management-2026-07-13',
  'ce-claude-code-managed-settings-2026-10-06',
  'user-profiles-billing-2026-10-01',
  'fine-grained-tool-streaming-2025-05-14',
]);

function splitHeader(header: string): string[] {
  const values = header.split(',').map((value) => value.trim());
  const named = values.filter((value) => value !== '');
  // An empty header is refused as the empty value (https://github.com/tmc/anthropix/issues/15 quotes "`` for the").
  return named.length > 0 ? named : [''];
}

/**
 * The request's betas. Unknown values get the verbatim "Unexpected value(s) `a`, `b` for the `anthropic-beta` header.
 * Please consult our documentation at docs.claude.com or try again without the header." (quoted in
 * https://github.com/pacifio/cersei/issues/20); a local compatible server knows no betas at all.
 */
export function checkBetaHeader(header: string | undefined, profile: ModelProfile): ReadonlySet<string> {
  if (header === undefined) return new Set();
  const values = splitHeader(header);
  const unknown = profile.kind === 'compatible' ? values : values.filter((value) => !KNOWN_BETAS.has(value));
  if (unknown.length > 0) {
    const list = unknown.map((value) => `\`${value}\``).join(', ');
    invalid(
      `Unexpected value(s) ${list} for the \`anthropic-beta\` header. Please consult our documentation at docs.claude.com or try again without the header.`,
    );
  }
  return new Set(values);
}
