// A tool name the API would refuse is never sent back as it came (docs/contracts.md P-TURN): the stand-in refuses a
// history holding `browser.click` as the API does, so the turn is kept with a placeholder name, the model reads that
// the tool was unknown, and the next request is accepted.

import { describe, expect, it } from 'vitest';
import type { ContentBlock, MessageParam, ModelTurn } from '../../../../src/panel/agent/model/agent-model';
import {
  isSendableToolName,
  PLACEHOLDER_TOOL_NAME,
  withSendableToolNames,
} from '../../../../src/panel/agent/model/tool-names';
import { type FakeAnthropic, toolsTurn, toolTurn } from '../../../support/fake-anthropic';
import { apiTask } from '../fakes/api-task';
import { useFakeApi } from '../fakes/fake-api';
import { SHOP, SITE } from '../fakes/sites';

let fake: FakeAnthropic;
useFakeApi((started) => {
  fake = started;
});

const blocksOf = (message: MessageParam | undefined) =>
  Array.isArray(message?.content) ? (message.content as ContentBlock[]) : [];
const resultTexts = (message: MessageParam | undefined) =>
  blocksOf(message).flatMap((block) =>
    block.type === 'tool_result' && Array.isArray(block.content)
      ? block.content.flatMap((c) => (c.type === 'text' ? [c.text] : []))
      : [],
  );

describe('a tool name the API would refuse', () => {
  it('is kept under a placeholder name, told to the model as unknown, and the next request is accepted', async () => {
    fake.respondWith((_req, i) =>
      i === 0
        ? toolTurn('browser.click', { ref: 2 }, 'Clicking Go.')
        : toolTurn('done', { success: false, answer: 'I used a tool that does not exist.' }),
    );
    const task = apiTask(fake, { site: SITE, startUrl: SHOP });

    const result = await task.controller.execute('Search for a lamp');

    expect(result.status).toBe('failed');
    expect(fake.rejections).toEqual([]);
    expect(fake.messageRequests).toHaveLength(2);
    const messages = (fake.messageRequests[1]?.body?.messages ?? []) as MessageParam[];
    const assistant = messages.find((message) => message.role === 'assistant');
    const call = blocksOf(assistant).find((block) => block.type === 'tool_use');
    expect(call).toMatchObject({ name: PLACEHOLDER_TOOL_NAME });
    // The thinking block before it went back as the stand-in signed it.
    expect(blocksOf(assistant)[0]).toMatchObject({ type: 'thinking', signature: expect.any(String) });
    expect(resultTexts(messages.at(-1)).join('\n')).toContain(
      'Unknown tool "browser.click" (tool names are letters, digits, _ and - only)',
    );
  });

  it('in a turn of several calls, still answers every call kept and the next request is accepted', async () => {
    fake.respondWith((_req, i) =>
      i === 0
        ? toolsTurn([
            { name: 'find', input: { query: 'lamp' } },
            { name: 'page.read', input: {} },
            { name: 'read_page', input: {} },
          ])
        : toolTurn('done', { success: false, answer: 'Done looking.' }),
    );
    const task = apiTask(fake, { site: SITE, startUrl: SHOP });

    await task.controller.execute('Read the shop');

    expect(fake.rejections).toEqual([]);
    expect(fake.messageRequests).toHaveLength(2);
  });
});

const turnOf = (content: ContentBlock[]): ModelTurn => ({
  content,
  text: '',
  thinking: '',
  toolCalls: content.flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : [])),
  stopReason: 'tool_use',
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  model: 'claude-sonnet-5-5',
});

describe('withSendableToolNames', () => {
  const thinking: ContentBlock = { type: 'thinking', thinking: 'Let me click.', signature: 'sig-1' };
  const bad: ContentBlock = { type: 'tool_use', id: 'toolu_1', name: 'browser.click', input: { ref: 1 } };
  const good: ContentBlock = { type: 'tool_use', id: 'toolu_2', name: 'read_page', input: {} };

  it('keeps the thinking before a renamed call byte-identical and renames only the refused name', () => {
    const { turn, note } = withSendableToolNames(turnOf([thinking, bad, good]));
    expect(turn.content[0]).toBe(thinking);
    expect(turn.content[1]).toMatchObject({ id: 'toolu_1', name: PLACEHOLDER_TOOL_NAME, input: { ref: 1 } });
    expect(turn.content[2]).toBe(good);
    expect(turn.toolCalls.map((c) => c.name)).toEqual(['browser.click', 'read_page']);
    expect(note).toBeNull();
  });

  it('cuts the message after a renamed call when a thinking block follows it (that block is bound to the old name)', () => {
    const later: ContentBlock = { type: 'thinking', thinking: 'Now read.', signature: 'sig-2' };
    const { turn, note } = withSendableToolNames(turnOf([thinking, bad, later, good]));
    expect(turn.content.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
    expect(turn.toolCalls.map((c) => c.id)).toEqual(['toolu_1']);
    expect(note).toContain('a name the API does not accept; the rest of that reply after this call was dropped');
  });

  it('quotes a long refused name capped', () => {
    const long: ContentBlock = { type: 'tool_use', id: 'toolu_3', name: `x.${'y'.repeat(5_000)}`, input: {} };
    const later: ContentBlock = { type: 'thinking', thinking: 'More.', signature: 'sig-3' };
    const { note } = withSendableToolNames(turnOf([long, later, good]));
    expect(note?.length).toBeLessThan(400);
    expect(note).toContain('…(cut: 4,938 characters)');
    expect(isSendableToolName('read_page')).toBe(true);
    expect(isSendableToolName('a'.repeat(65))).toBe(false);
  });
});
