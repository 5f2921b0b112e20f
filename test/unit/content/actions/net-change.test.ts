// @vitest-environment jsdom
// What a gesture left changed, as opposed to what flickered while it ran (src/content/actions/effects/net-change.ts), on
// jsdom's real MutationObserver.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetChange } from '../../../../src/content/actions/effects/net-change';

let list: HTMLUListElement;
let watch: NetChange;

beforeEach(() => {
  document.body.innerHTML = '<ul><li id="a">A</li><li id="b">B</li><li id="c">C</li></ul><p id="status"></p>';
  list = document.querySelector('ul') as HTMLUListElement;
  watch = new NetChange(document.body);
});

afterEach(() => watch.dispose());

const item = (id: string) => document.getElementById(id) as HTMLElement;

describe('net change', () => {
  it('sees nothing when styles and classes are set during a drag and put back', () => {
    item('a').classList.add('dragging');
    item('a').style.transform = 'translate(0px, 30px)';
    item('a').classList.remove('dragging');
    item('a').style.transform = '';
    expect(watch.changed()).toBe(false);
  });

  it('sees an item moved to another place, and not one moved away and back', () => {
    list.insertBefore(item('a'), null);
    list.insertBefore(item('a'), item('b'));
    expect(watch.changed()).toBe(false);
    list.insertBefore(item('c'), item('a'));
    expect(watch.changed()).toBe(true);
  });

  it('sees a node added and kept, and not one added and removed (a drag overlay)', () => {
    const overlay = document.createElement('div');
    document.body.append(overlay);
    overlay.remove();
    expect(watch.changed()).toBe(false);
    item('status').textContent = 'Dropped A';
    expect(watch.changed()).toBe(true);
  });

  it('sees an attribute that ends with another value', () => {
    item('a').setAttribute('aria-pressed', 'true');
    item('a').setAttribute('aria-pressed', 'false');
    expect(watch.changed()).toBe(true);
    item('a').removeAttribute('aria-pressed');
    expect(watch.changed()).toBe(false);
  });
});

describe('changes nobody sees', () => {
  it('leaves out a style sheet rewritten during a drag and the head', () => {
    const sheet = document.createElement('style');
    document.head.append(sheet);
    const fresh = new NetChange(document.body);
    sheet.textContent = '[data-handle] { cursor: grabbing; }';
    sheet.textContent = '[data-handle] { cursor: grab; }';
    document.title = 'Dragging';
    expect(fresh.changed()).toBe(false);
    fresh.dispose();
  });

  it('leaves out a clipped live region announcing the drop to screen readers', () => {
    const region = document.createElement('div');
    region.setAttribute('aria-live', 'assertive');
    region.style.cssText = 'position: fixed; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);';
    document.body.append(region);
    const fresh = new NetChange(document.body);
    region.textContent = 'Draggable item A was dropped.';
    expect(fresh.changed()).toBe(false);
    item('status').textContent = 'Dropped';
    expect(fresh.changed()).toBe(true);
    fresh.dispose();
  });
});

describe('a frame added', () => {
  it('counts a hidden frame the page added and kept: it loads a document (a download, often)', () => {
    const fresh = new NetChange(document.body);
    const frame = document.createElement('iframe');
    frame.hidden = true;
    document.body.append(frame);
    expect(fresh.changed()).toBe(true);
    fresh.dispose();
  });
});
