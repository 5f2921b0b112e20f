// The task's conversation is append-only: what the model answered is never changed, everything new goes into the next
// user message, tool results come first, and the observation rides inside the last clearable tool result.

import { describe, expect, it } from 'vitest';
import type { ContentBlock, MessageParam, ToolResultBlock } from '../../../../src/panel/agent/model/agent-model';
import { Conversation, NOT_RUN_TEXT, WITHHELD_TEXT } from '../../../../src/panel/agent/model/conversation';

const thinking: ContentBlock = { type: 'thinking', thinking: '', signature: 'sig-1' };
const click: ContentBlock = { type: 'tool_use', id: 'toolu_click', name: 'click', input: { ref: 7 } };
const note: ContentBlock = { type: 'tool_use', id: 'toolu_note', name: 'note', input: { text: 'Price €24.90' } };

const result = (id: string, text: string): ToolResultBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content: [{ type: 'text', text }],
});

function blocks(message: MessageParam | undefined): ContentBlock[] {
  return Array.isArray(message?.content) ? (message.content as ContentBlock[]) : [];
}

describe('Conversation', () => {
  it('starts with the task and the first observation in one user message', () => {
    const conversation = new Conversation();
    conversation.begin('Buy a fern', false);
    expect(conversation.next('Step 1 …')).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Task: Buy a fern' },
          { type: 'text', text: 'Step 1 …' },
        ],
      },
    ]);
  });

  it('keeps every request a prefix of the next: the assistant message as it came, results and notes appended', () => {
    const conversation = new Conversation();
    conversation.begin('Buy a fern', false);
    const first = conversation.next('Step 1');
    const answer = [thinking, { type: 'text', text: 'Clicking.' } as ContentBlock, click];
    conversation.commit(first, answer);
    conversation.answer(result('toolu_click', 'click: ok'));
    conversation.note('A repair nudge.');
    const second = conversation.next('Step 2');
    expect(second.slice(0, 1)).toEqual(first);
    expect(second[1]).toEqual({ role: 'assistant', content: answer });
    expect(blocks(second[2])).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_click',
        content: [
          { type: 'text', text: 'click: ok' },
          { type: 'text', text: 'Step 2' },
        ],
      },
      { type: 'text', text: 'A repair nudge.' },
    ]);
    // A request that fails changes nothing: the next one is built the same way.
    expect(conversation.next('Step 2')).toEqual(second);
  });

  it('never puts the observation inside a note result, which is kept from clearing', () => {
    const conversation = new Conversation();
    conversation.begin('Find the price', false);
    const first = conversation.next('Step 1');
    conversation.commit(first, [thinking, click, note]);
    conversation.answer(result('toolu_click', 'click: ok'));
    conversation.answer(result('toolu_note', 'Noted.'));
    const [clickResult, noteResult] = blocks(conversation.next('Step 2').at(-1));
    expect(JSON.stringify(clickResult)).toContain('Step 2');
    expect(JSON.stringify(noteResult)).not.toContain('Step 2');

    // A turn of notes only: the observation is a text block of its own.
    conversation.commit(conversation.next('Step 2'), [thinking, note]);
    conversation.answer(result('toolu_note', 'Noted.'));
    expect(blocks(conversation.next('Step 3').at(-1)).at(-1)).toEqual({ type: 'text', text: 'Step 3' });
  });

  it('answers a call that never ran, so every tool_use has its tool_result', () => {
    const conversation = new Conversation();
    conversation.begin('Fill the form', false);
    conversation.commit(conversation.next('Step 1'), [thinking, click, note]);
    conversation.answer(result('toolu_click', 'click: ok'));
    conversation.begin('And submit it', true);
    const [, notRun, followUp] = blocks(conversation.next('Step 2').at(-1));
    expect(notRun).toMatchObject({ tool_use_id: 'toolu_note', is_error: true, content: [{ text: NOT_RUN_TEXT }] });
    expect(followUp).toEqual({ type: 'text', text: 'Follow-up instruction from the person: And submit it' });
  });

  it('keeps a note that arrives while a request is in flight for the next request', () => {
    const conversation = new Conversation();
    conversation.begin('Buy a fern', false);
    const sent = conversation.next('Step 1');
    conversation.note('The person adds: the big one');
    conversation.commit(sent, [thinking, click]);
    conversation.answer(result('toolu_click', 'click: ok'));
    expect(JSON.stringify(conversation.next('Step 2').at(-1))).toContain('the big one');
  });

  it('sends a paused turn back as the final message, then answers the calls of both parts', () => {
    const conversation = new Conversation();
    conversation.begin('Buy a fern', false);
    const sent = conversation.next('Step 1');
    conversation.commit(sent, [thinking, { type: 'text', text: 'Working…' }], true);
    const continuation = conversation.next(null);
    expect(continuation.at(-1)?.role).toBe('assistant');
    expect(continuation).toHaveLength(2);
    conversation.commit(continuation, [click]);
    conversation.answer(result('toolu_click', 'click: ok'));
    const next = conversation.next('Step 2');
    expect(next.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'user']);
    expect(blocks(next.at(-1))[0]).toMatchObject({ tool_use_id: 'toolu_click' });
  });

  it('withholds the pending results after a refusal, and drops its notes', () => {
    const conversation = new Conversation();
    conversation.begin('Read the page', false);
    conversation.commit(conversation.next('Step 1'), [thinking, click]);
    conversation.answer(result('toolu_click', 'page said something the model refused'));
    conversation.note('a nudge');
    conversation.withholdAfterRefusal();
    conversation.begin('Try something else', true);
    const last = JSON.stringify(conversation.next('Step 2').at(-1));
    expect(last).toContain(WITHHELD_TEXT);
    expect(last).not.toContain('refused');
    expect(last).not.toContain('a nudge');
  });
});
