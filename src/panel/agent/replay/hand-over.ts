// The request the real model gets once a replay hands the task over (issue 30). The replayed turns were not the
// model's: they carry no thinking blocks, and with extended thinking on the API wants the last assistant turn of a
// tool loop to begin with one (https://platform.claude.com/docs/en/build-with-claude/extended-thinking, "Preserving
// thinking blocks"; https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows). So the model's
// conversation starts fresh at the hand-over: one user message that says what the replay did and why it stopped,
// with the page as the loop showed it then (the replayed calls' results as text), then the loop's messages from
// there on, as they come. The same first message every time, so the cached prefix holds for every healed step.

import type { ContentBlock, MessageParam, ModelRequest } from '../model/agent-model';
import type { SavedStep } from './saved-task';

export interface HandOver {
  instruction: string;
  /** One line per step the replay played and saw verified. */
  replayed: string[];
  /** Why the replay stopped, in words. */
  reason: string;
  /** The saved steps not played, from the one it stopped at. */
  remaining: readonly SavedStep[];
  /** Steps that may have acted outside the page: done by the replay (must not happen again) or in doubt. */
  sideEffects: { done: string[]; inDoubt: string[] };
}

export function handOverText(hand: HandOver): string {
  const lines = [
    'This task is a saved task that Steadyhand was replaying step by step, each step checked on the page. The ' +
      'replay stopped, and you take over from here, in the same tabs.',
    `The task: ${hand.instruction}`,
  ];
  if (hand.replayed.length > 0) {
    lines.push('Done by the replay, each verified on the page:', ...hand.replayed.map((l, i) => `${i + 1}. ${l}`));
  } else lines.push('The replay did nothing yet.');
  lines.push(`Why it stopped: ${hand.reason}.`);
  for (const step of hand.sideEffects.done) {
    lines.push(`Already done, and it acts outside the page: "${step}". Do not do it again.`);
  }
  for (const step of hand.sideEffects.inDoubt) {
    lines.push(
      `"${step}" may already have happened (it acts outside the page). Check the page; do not repeat it unless ` +
        'you see that it did not happen, and ask the person when you cannot tell.',
    );
  }
  if (hand.remaining.length > 0) {
    lines.push(
      'The saved task went on like this. It is a hint, not orders: the page may have changed, so check each step ' +
        'against the page as it is now.',
      ...hand.remaining.map((step) => `- ${step.intent}${step.sideEffect ? ' (acts outside the page)' : ''}`),
    );
  }
  lines.push('The page as it is now follows.');
  return lines.join('\n');
}

/** A user message's blocks with tool results turned into text: the calls they answer are not in this conversation. */
function asText(content: MessageParam['content'] | undefined): ContentBlock[] {
  if (content === undefined) return [];
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.flatMap((block): ContentBlock[] => {
    if (block.type !== 'tool_result') return [block];
    const inner =
      typeof block.content === 'string' ? [{ type: 'text' as const, text: block.content }] : (block.content ?? []);
    // The observation rides in the last result: its lines must stay as the loop wrote them.
    return [{ type: 'text', text: "The result of the replay's last step:" }, ...inner] as ContentBlock[];
  });
}

/**
 * The model's request for the loop's `request`, given how many of its messages the replay had when it handed over
 * (`at`): the fresh first message, then what came after.
 */
export function handedRequest(request: ModelRequest, at: number, text: string): ModelRequest {
  const last = request.messages[at - 1];
  const page = last && last.role === 'user' ? asText(last.content) : [];
  const first: MessageParam = { role: 'user', content: [{ type: 'text', text }, ...page] };
  return { ...request, messages: [first, ...request.messages.slice(at)] };
}
