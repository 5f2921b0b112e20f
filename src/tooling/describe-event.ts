// One line per agent event worth printing in a terminal, for `npm start` without a display.

import type { AgentEvent } from '../panel/agent';

const brief = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

export function describeEvent(event: AgentEvent): string | null {
  switch (event.type) {
    case 'task_started':
      return `▶ ${event.followUp ? 'follow-up' : 'task'} ${event.taskId} on ${event.model}`;
    case 'step_started':
      return `step ${event.step} · ${event.url ?? 'no tab'}`;
    case 'tool_call':
      return `  → ${event.name}${event.target ? ` "${event.target}"` : ''} ${brief(event.input)}`;
    case 'tool_result': {
      const check = event.verification ? (event.verification.verified ? 'verified' : 'not verified') : event.outcome;
      return `  ${event.isError ? '✗' : '✓'} ${check}: ${event.summary}`;
    }
    case 'model_retry':
      return `  … ${event.reason}`;
    case 'done_rejected':
      return `  ✗ done rejected: ${event.reason}`;
    case 'repair':
      return `  ↻ repair: ${event.message}`;
    case 'ask_user':
      return `  ? ${event.question}`;
    case 'consent_request':
      return `  ? asks the person before "${event.consequence.control}" (${event.consequence.kind}) on ${event.origin}`;
    case 'consent_decided':
      return `  ${event.decision === 'deny' ? '✗ declined' : '✓ allowed'} by ${event.by.replaceAll('_', ' ')}: "${event.control}"`;
    case 'task_finished':
      return `■ ${event.status}${event.verified ? ' (verified)' : ''}: ${event.summary}`;
    default:
      return null;
  }
}
