// @vitest-environment jsdom
// The composer's attachments: files dropped on the composer become chips with name and size, each removable by its
// own labelled button, and a file over the cap is named in a status message instead.

import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../src/panel/agent/task/files';
import { useAttachments } from '../../../src/panel/store/attachments';
import { App } from '../../../src/panel/ui/app';
import { byTestId, click, freshUi, mount, type SpyCommands, unmountAll } from './harness';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
  useAttachments.setState({ pending: [], byTask: {}, tooLarge: [] });
});
afterEach(unmountAll);

/** A drop of `files` on the composer, as the browser dispatches it (jsdom has no DataTransfer). */
function drop(target: Element, files: File[]): boolean {
  const transfer = { types: ['Files'], files };
  const over = new Event('dragover', { bubbles: true, cancelable: true });
  Object.defineProperty(over, 'dataTransfer', { value: transfer });
  const dropped = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(dropped, 'dataTransfer', { value: transfer });
  let accepted = false;
  void act(() => {
    target.dispatchEvent(over);
    accepted = over.defaultPrevented;
    target.dispatchEvent(dropped);
  });
  return accepted;
}

describe('attachments', () => {
  it('takes files dropped on the composer as chips with name and size, removable by a labelled button', () => {
    const root = mount(<App commands={commands} />);
    const composer = byTestId(root, 'task-box');
    expect(drop(composer, [new File(['hello'], 'notes.txt', { type: 'text/plain' })])).toBe(true);
    const chips = byTestId(root, 'attachments');
    expect(chips.getAttribute('aria-label')).toBe('Attached files');
    expect(chips.textContent).toContain('notes.txt · 5 B');
    expect(root.textContent).toContain('Attached files stay in this panel’s memory for the task');
    const remove = chips.querySelector('button') as HTMLButtonElement;
    expect(remove.getAttribute('aria-label')).toBe('Remove notes.txt');
    click(remove);
    expect(root.querySelector('[data-testid=attachments]')).toBeNull();
    expect(document.activeElement?.getAttribute('data-testid')).toBe('attach');
  });

  it('names a file over the cap instead of attaching it', () => {
    const root = mount(<App commands={commands} />);
    const big = new File(['x'], 'film.mov');
    Object.defineProperty(big, 'size', { value: MAX_FILE_BYTES + 1 });
    drop(byTestId(root, 'task-box'), [big]);
    expect(root.querySelector('[data-testid=attachments]')).toBeNull();
    expect(root.querySelector('.attachments [role=status]')?.textContent).toBe(
      'film.mov is larger than 25.0 MB and was not attached.',
    );
  });
});
