import { describe, expect, it } from 'vitest';
import { taskGroupColor, taskGroupTitle } from '../../../../src/panel/tabs/ownership/task-group';
import { emptyTaskRecord, mergeTaskRecord } from '../../../../src/panel/tabs/ownership/task-tabs-record';

describe('mergeTaskRecord', () => {
  const full = {
    ...emptyTaskRecord('t1'),
    tabId: 12,
    groupId: 7,
    windowId: 3,
    url: 'https://a.example/',
    initialTabId: 12,
    ownedTabIds: [12],
  };

  it('keeps every field an update does not mention', () => {
    expect(mergeTaskRecord(full, { url: 'https://b.example/' })).toEqual({ ...full, url: 'https://b.example/' });
    expect(mergeTaskRecord(full, { tabId: undefined })).toEqual(full);
    expect(mergeTaskRecord(full, {})).toEqual(full);
  });

  it('clears a field only when the update says null', () => {
    expect(mergeTaskRecord(full, { tabId: null, groupId: null })).toEqual({ ...full, tabId: null, groupId: null });
  });

  it('never changes the task id and never shares the owned list with its input', () => {
    const next = mergeTaskRecord(full, { ownedTabIds: [12, 13] });
    expect(next.taskId).toBe('t1');
    next.ownedTabIds.push(99);
    expect(full.ownedTabIds).toEqual([12]);
  });
});

describe('the task group', () => {
  it('is titled exactly Task(<id>)', () => {
    expect(taskGroupTitle('a1b2')).toBe('Task(a1b2)');
  });

  it('has a colour that depends only on the task id', () => {
    expect(taskGroupColor('a1b2')).toBe(taskGroupColor('a1b2'));
    const colours = new Set(Array.from({ length: 40 }, (_, i) => taskGroupColor(`task-${i}`)));
    expect(colours.size).toBeGreaterThan(4); // spread over the palette, not one colour for all
  });
});
