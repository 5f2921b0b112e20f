// @vitest-environment jsdom
// The listener probe: a control known only by its own listener (where a library records it, a property, or an
// addEventListener call not undone) is found, one known by an ancestor's is not, and nothing is found when the probe
// is not installed.

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
  let beforeRemove = '';
  beforeAll(() => {
    before = String(EventTarget.prototype.addEventListener);
    beforeRemove = String(EventTarget.prototype.removeEventListener);
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

  it('forgets a listener the page removed, and keeps one still there', () => {
    const handle = el('<span></span>');
    const down = () => {};
    handle.addEventListener('mousedown', down, { capture: true });
    handle.removeEventListener('mousedown', down);
    // Removed with another capture flag: still there, as the browser has it.
    expect(listenerRole(handle, new ListenerProbe())).toBe('separator');
    handle.removeEventListener('mousedown', down, true);
    expect(listenerRole(handle, new ListenerProbe())).toBeNull();
  });

  it('reads where each framework records its handlers, whenever they were added', () => {
    const cases: [string, (element: Element) => void, string][] = [
      ['Preact 11', (e) => Object.assign(e, { __e: { onClick: () => {} }, __a: { onClick: 3 } }), 'clickable'],
      ['Preact 10', (e) => Object.assign(e, { l: { mousedownfalse: () => {} } }), 'separator'],
      ['Vue 3.4+', (e) => Object.assign(e, { [Symbol('_vei')]: { onMousedown: () => {} } }), 'separator'],
      ['Vue 3.0', (e) => Object.assign(e, { _vei: { onClickCapture: () => {} } }), 'clickable'],
      ['Svelte 5', (e) => Object.assign(e, { __pointerdown: [() => {}, 1] }), 'separator'],
      ['Solid', (e) => Object.assign(e, { $$click: () => {} }), 'clickable'],
      ['zone.js', (e) => Object.assign(e, { __zone_symbol__touchstartfalse: [{ callback: () => {} }] }), 'separator'],
      [
        'jQuery',
        (e) => Object.assign(e, { jQuery3710123: { events: { click: [{}] }, handle: () => {} } }),
        'clickable',
      ],
      ['a property', (e) => Object.assign(e, { onpointerdown: () => {} }), 'separator'],
    ];
    for (const [framework, add, role] of cases) {
      const element = el('<span></span>');
      add(element);
      expect([framework, listenerRole(element, new ListenerProbe())]).toEqual([framework, role]);
    }
    const attribute = el('<span onclick="void 0"></span>');
    expect(listenerRole(attribute, new ListenerProbe())).toBe('clickable');
  });

  it('takes no other key for a handler: other events, empty lists, values that are not handlers', () => {
    const cases: Record<string, unknown>[] = [
      { __e: { onMouseEnter: () => {} } },
      { __zone_symbol__clickfalse: [] },
      { __a: { onClick: 3 } },
      { jQuery3710123: { events: { mouseover: [{}] } } },
      { onClickOutside: () => {} },
      { data: { deeper: { onClick: () => {} } } },
    ];
    for (const expandos of cases) {
      const element = el('<span></span>');
      Object.assign(element, expandos);
      expect([expandos, listenerRole(element, new ListenerProbe())]).toEqual([expandos, null]);
    }
  });

  it('leaves the page’s addEventListener working and looking native', () => {
    const button = el('<b></b>');
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    button.click();
    expect(clicks).toBe(1);
    expect(String(EventTarget.prototype.addEventListener)).toBe(before);
    expect(String(EventTarget.prototype.removeEventListener)).toBe(beforeRemove);
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
