// Every stop reason the API gives is handled by the loop: a paused turn is continued, a refused one ends the task
// and is never sent again, a reply cut by the output limit keeps what was complete and the model is told, and a
// turn without tool calls gets the reminder.

import { describe, expect, it } from 'vitest';
import { OUTPUT_TOKENS_FOR } from '../../../src/panel/agent/core/settings';
import type { ModelRequest } from '../../../src/panel/agent/model/agent-model';
import { NOT_RUN_TEXT, WITHHELD_TEXT } from '../../../src/panel/agent/model/conversation';
import { setupAgent } from './fakes/harness';
import { call, lastUserText, toolResults } from './fakes/scripted-model';
import { SITE } from './fakes/sites';

const giveUp = call('done', { success: false, answer: 'Nothing more to do.' });
const roles = (request: ModelRequest | undefined) => request?.messages.map((m) => m.role);

describe('stop reasons', () => {
  it('pause_turn: sends the paused turn back as it is, then runs the calls of the continued turn', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [{ thinking: 'Looking…', text: 'Still reading.', stopReason: 'pause_turn' }, call('read_page'), giveUp],
    });
    const result = await h.controller.execute('Read the page');
    expect(result.status).toBe('failed');
    expect(roles(h.model.requests[1])).toEqual(['user', 'assistant']);
    expect(roles(h.model.requests[2])).toEqual(['user', 'assistant', 'assistant', 'user']);
    expect(toolResults(h.model.requests[2])[0]?.text).toMatch(/^read_page: /);
    // One step: the continuation belongs to the step that paused.
    expect(h.of('step_started')).toHaveLength(2);
  });

  it('refusal: ends the task with what the API said, and never sends the refused turn again', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        call('read_page'),
        {
          text: 'I',
          refusal: { category: 'cyber', explanation: 'This request was declined because it could enable cyber harm.' },
        },
        giveUp,
      ],
    });
    const result = await h.controller.execute('Read the page');
    expect(result).toMatchObject({
      status: 'failed',
      refusal: { category: 'cyber' },
      summary:
        'The model declined to continue this task (cyber): This request was declined because it could enable cyber ' +
        'harm. Rephrase the task or start a new one.',
    });
    expect(h.model.requests).toHaveLength(2);
    // A follow-up starts from the last answered turn; the results the model refused are withheld.
    await h.controller.followUp('Just tell me the title');
    const next = h.model.requests[2] as ModelRequest;
    expect(next.messages).toHaveLength(3);
    expect(JSON.stringify(next.messages.slice(0, 2))).toBe(JSON.stringify(h.model.requests[1]?.messages.slice(0, 2)));
    expect(toolResults(next)[0]?.text).toBe(WITHHELD_TEXT);
    expect(lastUserText(next)).toContain('Follow-up instruction from the person: Just tell me the title');
  });

  it('max_tokens: runs the complete calls, drops the cut one, tells the model and raises the output room', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        { thinking: 'Two things.', calls: [{ name: 'read_page' }], cut: 'tool_use', stopReason: 'max_tokens' },
        giveUp,
      ],
    });
    await h.controller.execute('Read the page');
    const [first, second] = h.model.requests;
    expect(first?.maxTokens).toBe(OUTPUT_TOKENS_FOR.medium);
    expect(second?.maxTokens).toBe(OUTPUT_TOKENS_FOR.medium * 2);
    expect(toolResults(second)[0]?.text).toMatch(/^read_page: /);
    expect(lastUserText(second)).toContain(
      `Your last reply was cut off at the output limit (${OUTPUT_TOKENS_FOR.medium} tokens) in the middle of a tool call`,
    );
    // No "use tools" reminder on top: the turn had a tool call.
    expect(lastUserText(second)).not.toContain('had no tool call');
  });

  it('max_tokens mid-thought: keeps nothing of the reply, and asks again with more room', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [{ cut: 'thinking', stopReason: 'max_tokens' }, giveUp],
    });
    await h.controller.execute('Read the page');
    const [first, second] = h.model.requests;
    // Nothing of the cut reply is kept: the same conversation, with the note added to the same user message.
    expect(second?.messages).toHaveLength(first?.messages.length ?? 0);
    expect(lastUserText(second)).toContain('while you were still thinking');
    expect(second?.maxTokens).toBeGreaterThan(first?.maxTokens ?? 0);
  });

  it('end_turn without a tool call: reminds the model to use tools', async () => {
    const h = setupAgent({ site: SITE, turns: [{ text: 'Done, I think.' }, giveUp] });
    await h.controller.execute('Read the page');
    expect(lastUserText(h.model.requests[1])).toContain('Your last reply had no tool call.');
  });

  it('answers the calls after an accepted done, so a follow-up sends a valid conversation', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [{ calls: [{ name: 'done', input: { success: false, answer: 'No.' } }, { name: 'read_page' }] }, giveUp],
    });
    await h.controller.execute('Read');
    await h.controller.followUp('Again');
    const results = toolResults(h.model.requests[1]);
    expect(results.map((r) => r.text)).toEqual([expect.stringMatching(/^done accepted/), NOT_RUN_TEXT]);
  });
});
