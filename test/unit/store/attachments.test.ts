// The files picked in the composer and the task's files: the size cap, one file per name, and what a new task or a
// follow-up takes along.

import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../src/panel/agent/task/files';
import { useAttachments } from '../../../src/panel/store/attachments';

const file = (name: string, size = 4) => new File([new Uint8Array(size)], name, { type: 'text/plain' });

beforeEach(() => useAttachments.setState({ pending: [], byTask: {}, tooLarge: [] }));

describe('attachments', () => {
  it('refuses a file over the cap and names it, keeping the others', () => {
    const big = file('video.mp4');
    Object.defineProperty(big, 'size', { value: MAX_FILE_BYTES + 1 });
    useAttachments.getState().add([file('a.txt'), big]);
    const { pending, tooLarge } = useAttachments.getState();
    expect(pending.map((a) => a.file.name)).toEqual(['a.txt']);
    expect(tooLarge).toEqual(['video.mp4']);
  });

  it('keeps one file per name: a second pick of a name replaces the first', () => {
    useAttachments.getState().add([file('a.txt', 1)]);
    useAttachments.getState().add([file('a.txt', 2)]);
    expect(useAttachments.getState().pending.map((a) => a.file.size)).toEqual([2]);
  });

  it('moves the picked files to their task: a follow-up adds to them, another task has its own', () => {
    const s = useAttachments.getState();
    s.add([file('a.txt')]);
    const first = s.send();
    expect(first.map((a) => a.file.name)).toEqual(['a.txt']);
    s.attach('t1', first);
    s.add([file('b.txt')]);
    s.attach('t1', s.send());
    expect(useAttachments.getState().byTask.t1?.map((a) => a.file.name)).toEqual(['a.txt', 'b.txt']);
    expect(useAttachments.getState().pending).toEqual([]);
    s.add([file('c.txt')]);
    s.attach('t2', s.send());
    expect(useAttachments.getState().byTask.t2?.map((a) => a.file.name)).toEqual(['c.txt']);
    expect(useAttachments.getState().byTask.t1?.map((a) => a.file.name)).toEqual(['a.txt', 'b.txt']);
  });

  it('removes a chip by id', () => {
    useAttachments.getState().add([file('a.txt'), file('b.txt')]);
    const [first] = useAttachments.getState().pending;
    useAttachments.getState().remove(first?.id ?? -1);
    expect(useAttachments.getState().pending.map((a) => a.file.name)).toEqual(['b.txt']);
  });
});
