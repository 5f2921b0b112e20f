// @vitest-environment jsdom
// Where an action would go, read before it runs (src/content/actions/consequence/navigation-target.ts): links, areas, submit
// buttons with their form… attributes, Enter in a field, and what is not a site load at all.

import { beforeEach, describe, expect, it } from 'vitest';
import { navigationTarget } from '../../../../src/content/actions/consequence/navigation-target';

const $ = (selector: string) => {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
};

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('navigationTarget', () => {
  it('a link: its href resolved against the document base, a GET, in the same tab', () => {
    document.head.innerHTML = '<base href="http://shop.test/deals/">';
    document.body.innerHTML = '<a href="../cart?x=1"><span id="inner">Cart</span></a>';
    expect(navigationTarget($('#inner'), 'click')).toEqual({
      url: 'http://shop.test/cart?x=1',
      method: 'get',
      newTab: false,
    });
  });

  it('target=_blank, a named window, or <base target> open a new tab; _self and _top do not', () => {
    document.body.innerHTML =
      '<a id="blank" href="http://evil.test/" target="_blank">a</a><a id="named" href="http://evil.test/" ' +
      'target="popup">b</a><a id="top" href="http://evil.test/" target="_top">c</a>';
    expect(navigationTarget($('#blank'), 'click')?.newTab).toBe(true);
    expect(navigationTarget($('#named'), 'click')?.newTab).toBe(true);
    expect(navigationTarget($('#top'), 'click')?.newTab).toBe(false);
    document.head.innerHTML = '<base target="_blank">';
    document.body.innerHTML = '<a id="a" href="http://evil.test/">a</a>';
    expect(navigationTarget($('#a'), 'click')?.newTab).toBe(true);
  });

  it('an <area> of an image map is a link', () => {
    document.body.innerHTML = '<map name="m"><area id="area" href="http://evil.test/zone" alt="zone"></map>';
    expect(navigationTarget($('#area'), 'click')?.url).toBe('http://evil.test/zone');
  });

  it('javascript:, mailto:, tel: and download links load no site', () => {
    document.body.innerHTML =
      '<a id="js" href="javascript:void 0">a</a><a id="mail" href="mailto:a@b.test">b</a>' +
      '<a id="tel" href="tel:123">c</a><a id="dl" href="http://evil.test/file.zip" download>d</a>';
    for (const id of ['#js', '#mail', '#tel', '#dl']) expect(navigationTarget($(id), 'click')).toBeNull();
  });

  it('a submit button: the form’s action and method; the button’s formaction/formmethod/formtarget win', () => {
    document.body.innerHTML =
      '<form action="http://evil.test/collect" method="POST"><input name="email"><button id="send">Send</button>' +
      '<button id="other" formaction="https://pay.test/charge" formmethod="get" formtarget="_blank">Pay</button>' +
      '<button id="plain" type="button">No</button><input id="img" type="image" alt="Go"></form>';
    expect(navigationTarget($('#send'), 'click')).toEqual({
      url: 'http://evil.test/collect',
      method: 'post',
      newTab: false,
    });
    expect(navigationTarget($('#other'), 'click')).toEqual({
      url: 'https://pay.test/charge',
      method: 'get',
      newTab: true,
    });
    expect(navigationTarget($('#plain'), 'click')).toBeNull();
    expect(navigationTarget($('#img'), 'click')?.method).toBe('post');
  });

  it('a form control named "action" cannot change where the form is read to go', () => {
    document.body.innerHTML =
      '<form action="http://evil.test/collect" method="post"><input name="action" value="x">' +
      '<input name="getAttribute"><button id="send">Send</button></form>';
    expect(navigationTarget($('#send'), 'click')?.url).toBe('http://evil.test/collect');
  });

  it('Enter in a text field submits its form (the form’s own action); a form without action goes to this page', () => {
    document.body.innerHTML = '<form method="post"><input id="q" name="q"></form>';
    expect(navigationTarget($('#q'), 'enter')).toEqual({ url: document.URL, method: 'post', newTab: false });
    expect(navigationTarget($('#q'), 'click')).toBeNull();
  });

  it('a dialog form and a plain element start no navigation', () => {
    document.body.innerHTML =
      '<dialog open><form method="dialog"><button id="close">Close</button></form></dialog><p id="p">x</p>';
    expect(navigationTarget($('#close'), 'click')).toBeNull();
    expect(navigationTarget($('#p'), 'click')).toBeNull();
  });
});
