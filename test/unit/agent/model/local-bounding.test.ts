// The context bound the client keeps on compatible local servers counts tokens with the extension's one estimate
// (src/shared/token-estimate.ts): ASCII by pieces, per script for the rest, so a task on Chinese pages
// is cleared when its real size passes the trigger, not at two to four times it.

import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../../../src/panel/agent/model/agent-model';
import { CLEAR_TRIGGER_TOKENS } from '../../../../src/panel/agent/model/context-budget';
import { boundLocally, CLEARED_RESULT_TEXT, estimateTokens } from '../../../../src/panel/agent/model/local-bounding';
import { estimateTokens as estimateTextTokens } from '../../../../src/shared/token-estimate';

function requestOf(page: string, steps: number): ModelRequest {
  const messages: ModelRequest['messages'] = [{ role: 'user', content: [{ type: 'text', text: 'Task: read on' }] }];
  for (let i = 0; i < steps; i++) {
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'click', input: {} }] });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: [{ type: 'text', text: `${i}: ${page}` }] }],
    });
  }
  return { messages } as ModelRequest;
}

describe('the local context bound', () => {
  it('estimates a value by its JSON, as the text estimate counts it', () => {
    const ascii = { text: 'A product line of a long results page.' };
    expect(estimateTokens(ascii)).toBe(estimateTextTokens(JSON.stringify(ascii)));
    const chinese = { text: '国务院新闻办公室今天上午举行新闻发布会' };
    expect(estimateTokens(chinese)).toBe(estimateTextTokens(JSON.stringify(chinese)));
    expect(estimateTokens(chinese)).toBeGreaterThan(2 * Math.ceil(JSON.stringify(chinese).length / 4));
  });

  it('clears old tool results of a Chinese task that characters / 4 would have let grow past the trigger', () => {
    // 14 steps of 1,024 Chinese characters: about 4,300 tokens by characters / 4, about 18,900 by the estimate.
    const page = '国家统计局新闻发言人表示，前三季度我国经济总体保持恢复向好态势。'.repeat(32);
    const request = requestOf(page, 14);
    expect(JSON.stringify(request).length / 4).toBeLessThan(CLEAR_TRIGGER_TOKENS / 2);
    expect(estimateTokens(request)).toBeGreaterThan(CLEAR_TRIGGER_TOKENS);
    const bounded = boundLocally(request);
    expect(JSON.stringify(bounded)).toContain(CLEARED_RESULT_TEXT);
    expect(estimateTokens({ ...request, messages: bounded })).toBeLessThanOrEqual(CLEAR_TRIGGER_TOKENS);
  });
});
