// @vitest-environment jsdom
// How a document names its cross-origin frames for the panel (decision 0021): the frame's path in the tab's frame
// tree, and a mark the page cannot write, on the line only (never in the digest).

import { describe, expect, it } from 'vitest';
import type { FrameItem } from '../../../../src/content/snapshot/collect/items';
import { framePath } from '../../../../src/content/snapshot/dom/frame-path';
import { itemLine } from '../../../../src/content/snapshot/serialize/lines';

describe('frame path', () => {
  it('is empty for the top window and the index chain for frames, nested ones included', () => {
    document.body.innerHTML = '<iframe id="a"></iframe><iframe id="b"></iframe>';
    const b = document.getElementById('b') as HTMLIFrameElement;
    const inner = b.contentDocument?.createElement('iframe') as HTMLIFrameElement;
    b.contentDocument?.body.append(inner);
    expect(framePath(window)).toBe('');
    expect(framePath(b.contentWindow)).toBe('1');
    expect(framePath(inner.contentWindow)).toBe('1.0');
    expect(framePath(null)).toBeNull();
  });
});

describe('frame line', () => {
  const frame: FrameItem = {
    kind: 'frame',
    src: 'https://pay.test/card',
    box: { x: 0, y: 0, width: 9, height: 9 },
    where: 'in',
    path: '2',
  };

  it('carries the path and the document’s mark in the text, and neither in the digest’s line', () => {
    expect(itemLine(frame, 'https://shop.test', true, 'abcd1234')).toBe(
      '[cross-origin frame path=2 in=abcd1234] https://pay.test/card (its content cannot be read from this page)',
    );
    expect(itemLine(frame, 'https://shop.test', false, 'abcd1234')).toBe(
      '[cross-origin frame] https://pay.test/card (its content cannot be read from this page)',
    );
    const unplaced = { ...frame, path: undefined };
    expect(itemLine(unplaced, 'https://shop.test', true, 'abcd1234')).toMatch(/^\[cross-origin frame\] /);
  });
});
