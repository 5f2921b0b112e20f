// @vitest-environment jsdom
// The listener probe: a control known only by its own listener (a React prop or an addEventListener call) is found,
// one known by an ancestor's is not, and nothing is found when the probe is not installed.

import { beforeAll, describe, expect, it } from 'vitest';
import { isListenerCandidate, ListenerProbe, listenerRole } from '../../../../src/content/snapshot/naming/listener';
import { installListenerProbe } from '../../../../src/shared/listener-probe';

function el(html: string): HTMLElement {
  document.body.innerHTML = html;
  const first = document.body.firstElementChild;
  if (!(first instanceof HTMLElement)) throw new Error('no element');
  return first;
}

describe('without the probe', () => {
  it('finds no listener', () => {
    const handle = el('<span></span>');
    handle.addEventListener('mousedown', () => {});
    expect(new ListenerProbe().available(document)).toBe(false);
    expect(listenerRole(handle, new ListenerProbe())).toBeNull();
  });
});

describe('with the probe', () => {
  let before = '';
  beforeAll(() => {
    before = String(EventTarget.prototype.addEventListener);
    installListenerProbe();
  });

  it('lists a handle with its own pointerdown listener as a separator', () => {
    const th = el('<div><span class="h"></span></div>');
    const handle = th.querySelector('.h') as Element;
    handle.addEventListener('pointerdown', () => {});
    expect(listenerRole(handle, new ListenerProbe())).toBe('separator');
    // The listener is the handle's own: its parent is not made a control by it.
    expect(listenerRole(th, new ListenerProbe())).toBeNull();
  });

  it('reads React props: onMouseDown makes a drag handle, onClick a clickable icon', () => {
    const handle = el('<span></span>');
    Object.assign(handle, { __reactProps$abc: { onMouseDown: () => {}, className: 'x' } });
    expect(listenerRole(handle, new ListenerProbe())).toBe('separator');
    const icon = el('<i></i>');
    Object.assign(icon, { __reactProps$abc: { onClick: () => {} } });
    expect(listenerRole(icon, new ListenerProbe())).toBe('clickable');
    const plain = el('<i></i>');
    Object.assign(plain, { __reactProps$abc: { className: 'x', onMouseEnter: () => {} } });
    expect(listenerRole(plain, new ListenerProbe())).toBeNull();
  });

  it('leaves the page’s addEventListener working and looking native', () => {
    const button = el('<b></b>');
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    button.click();
    expect(clicks).toBe(1);
    expect(String(EventTarget.prototype.addEventListener)).toBe(before);
    expect(listenerRole(button, new ListenerProbe())).toBe('clickable');
  });

  it('lets the page’s own listeners not see the probe', () => {
    const box = el('<div></div>');
    let seen = 0;
    document.addEventListener('steadyhand-listener-probe', () => seen++, true);
    box.addEventListener('steadyhand-listener-probe', () => seen++);
    listenerRole(box, new ListenerProbe());
    expect(seen).toBe(0);
  });

  it('stops probing after its budget', () => {
    const probe = new ListenerProbe();
    const handle = el('<span></span>');
    handle.addEventListener('mousedown', () => {});
    for (let i = 0; i < 64; i++) probe.has(handle, 'press');
    expect(probe.has(handle, 'press')).toBe(false);
  });
});

describe('isListenerCandidate', () => {
  it('takes empty, thin or small elements and leaves text and big boxes', () => {
    expect(isListenerCandidate(el('<span></span>'), 6, 40)).toBe(true);
    expect(isListenerCandidate(el('<span><svg></svg></span>'), 16, 16)).toBe(true);
    expect(isListenerCandidate(el('<span>Name</span>'), 6, 40)).toBe(false);
    expect(isListenerCandidate(el('<div></div>'), 200, 200)).toBe(false);
    expect(isListenerCandidate(el('<div><i></i><i></i></div>'), 10, 10)).toBe(false);
  });
});
