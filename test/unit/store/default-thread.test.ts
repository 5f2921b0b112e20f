// Which thread the task view shows when the person opened none: with several windows' panels sharing one history, a
// panel shows its own newest task, not another window's.

import { describe, expect, it } from 'vitest';
import { defaultThread } from '../../../src/panel/store/ui';

describe('the thread shown when none is open', () => {
  it('is the newest task this panel runs, though another window started one since', () => {
    const here = new Set(['mine-old', 'mine-new']);
    expect(defaultThread(['theirs', 'mine-new', 'mine-old'], (id) => here.has(id))).toBe('mine-new');
  });

  it('is the newest task of the history when this panel runs none (a panel just opened)', () => {
    expect(defaultThread(['theirs', 'older'], () => false)).toBe('theirs');
    expect(defaultThread([], () => false)).toBeUndefined();
  });
});
