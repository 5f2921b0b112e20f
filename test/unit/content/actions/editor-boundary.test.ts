// @vitest-environment jsdom
// Control+Home/End in a rich editor: the caret goes into the editor's first or last text, never onto the editor's
// element between blocks (where ProseMirror reads a position outside the list).

import { afterEach, describe, expect, it } from 'vitest';
import { moveToEditorBoundary } from '../../../../src/content/actions/keyboard/editor-boundary';

function editor(html: string): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('contenteditable', 'true');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('moveToEditorBoundary', () => {
  it('puts the caret at the end of the last item’s text, and at the start of the first', () => {
    const root = editor('<ul>\n  <li><p>Milk</p></li>\n  <li><p>Eggs</p></li>\n</ul>\n');
    const selection = document.getSelection();
    selection?.collapse(root.querySelector('p')?.firstChild ?? root, 2);
    expect(moveToEditorBoundary(root, 'forward', false)).toBe(true);
    expect(selection?.focusNode?.nodeValue).toBe('Eggs');
    expect(selection?.focusOffset).toBe(4);
    expect(selection?.isCollapsed).toBe(true);
    expect(moveToEditorBoundary(root, 'backward', false)).toBe(true);
    expect(selection?.focusNode?.nodeValue).toBe('Milk');
    expect(selection?.focusOffset).toBe(0);
  });

  it('extends the selection from its anchor with Shift, and skips text the editor does not let one edit', () => {
    const root = editor('<p>one</p><p>two</p><div contenteditable="false">widget</div>');
    const selection = document.getSelection();
    selection?.collapse(root.querySelector('p')?.firstChild ?? root, 1);
    expect(moveToEditorBoundary(root, 'forward', true)).toBe(true);
    expect(selection?.anchorNode?.nodeValue).toBe('one');
    expect(selection?.anchorOffset).toBe(1);
    expect(selection?.focusNode?.nodeValue).toBe('two');
    expect(selection?.focusOffset).toBe(3);
  });

  it('leaves an editor without text to the browser', () => {
    const root = editor('<p><br></p>');
    expect(moveToEditorBoundary(root, 'forward', false)).toBe(false);
  });
});
