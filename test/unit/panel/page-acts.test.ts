// Which page calls the act gate asks about (src/panel/page/page-acts.ts): reading where a click would go is a look,
// so the question that follows names the click, not a bare "act".

import { describe, expect, it } from 'vitest';
import { isAct } from '../../../src/panel/page/page-acts';

describe('isAct', () => {
  it('counts reading a click’s navigation target as a look, and the click as an act', () => {
    expect(isAct('navigationTarget')).toBe(false);
    expect(isAct('snapshot')).toBe(false);
    expect(isAct('click')).toBe(true);
    expect(isAct('type')).toBe(true);
  });
});
