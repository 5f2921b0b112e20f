// What navigation an action would start, read before the action runs (issue 24, "asked before the request leaves"):
// the panel asks about the target's origin first, so a form's data or a link's request never reaches a site the
// person has not allowed. Read from attributes with the prototype's own getAttribute: a form's named controls shadow
// its properties (`<input name="action">` makes `form.action` that input), and a page could use that to show the
// panel one URL while the browser goes to another.

import type { NavigationTarget, NavigationVia } from '../../../shared/page-types';

const attr = (element: Element, name: string): string | null => Element.prototype.getAttribute.call(element, name);
const SUBMITTERS = 'button, input[type="submit" i], input[type="image" i]';

/** `_blank` or a named window: the result opens in another tab (`_self`, `_parent`, `_top` stay in this one). */
function opensNewTab(target: string | null, doc: Document): boolean {
  const base = doc.querySelector('base[target]');
  const name = (target ?? (base ? attr(base, 'target') : null) ?? '').trim().toLowerCase();
  return name !== '' && name !== '_self' && name !== '_parent' && name !== '_top';
}

function resolve(raw: string | null, doc: Document): URL | null {
  try {
    return new URL((raw ?? '').trim() || doc.URL, doc.baseURI);
  } catch {
    return null;
  }
}

/** Only http(s) loads a site: javascript: runs in the page, mailto:/tel: go to another program, blob:/data: stay. */
const isSite = (url: URL | null): url is URL => url !== null && (url.protocol === 'http:' || url.protocol === 'https:');

function linkTarget(link: Element, doc: Document): NavigationTarget | null {
  // A download is not a page load: the downloads code handles what it fetches (src/panel/tabs/downloads.ts).
  if (attr(link, 'download') !== null) return null;
  const url = resolve(attr(link, 'href'), doc);
  if (!isSite(url)) return null;
  return { url: url.href, method: 'get', newTab: opensNewTab(attr(link, 'target'), doc) };
}

/** The submission of `form` by `submitter` (the form itself for Enter in a field, as requestSubmit() does). */
function formTarget(form: HTMLFormElement, submitter: Element | null, doc: Document): NavigationTarget | null {
  const own = (name: string) => (submitter ? attr(submitter, `form${name}`) : null);
  const method = (own('method') ?? attr(form, 'method') ?? 'get').trim().toLowerCase();
  if (method === 'dialog') return null;
  const url = resolve(own('action') ?? attr(form, 'action'), doc);
  if (!isSite(url)) return null;
  const target = own('target') ?? attr(form, 'target');
  return { url: url.href, method: method === 'post' ? 'post' : 'get', newTab: opensNewTab(target, doc) };
}

export function submitterOf(element: Element): { form: HTMLFormElement; submitter: Element } | null {
  const submitter = element.closest(SUBMITTERS);
  if (!submitter) return null;
  const type = (attr(submitter, 'type') ?? 'submit').trim().toLowerCase();
  // A button's type defaults to submit, and so does a value it does not know.
  if (submitter.localName === 'button' && (type === 'button' || type === 'reset')) return null;
  const form = (submitter as HTMLButtonElement).form;
  return form ? { form, submitter } : null;
}

/**
 * The form a click on `element` (its submit button) or Enter in it (a text field) would submit, with the submitter
 * (null for Enter, as requestSubmit() without one). Null when the action submits no form.
 */
export function submittedForm(
  element: Element,
  via: NavigationVia,
): { form: HTMLFormElement; submitter: Element | null } | null {
  if (element.closest('a[href], area[href]')) return null;
  const submit = submitterOf(element);
  if (submit) return submit;
  if (via === 'enter' && element.localName === 'input') {
    const form = (element as HTMLInputElement).form;
    if (form) return { form, submitter: null };
  }
  return null;
}

/**
 * The navigation a click on `element` (`via: 'click'`) or Enter on it (`'enter'`) would start: a link or area, a
 * form's submit button (with its formaction, formmethod and formtarget), or for Enter in a text field its form.
 * Null when it starts none this can know of (a script may still navigate: the network hold catches that).
 */
export function navigationTarget(element: Element, via: NavigationVia): NavigationTarget | null {
  const doc = element.ownerDocument;
  const link = element.closest('a[href], area[href]');
  if (link) return linkTarget(link, doc);
  const submit = submitterOf(element);
  if (submit) return formTarget(submit.form, submit.submitter, doc);
  if (via === 'enter' && element.localName === 'input') {
    const form = (element as HTMLInputElement).form;
    if (form) return formTarget(form, null, doc);
  }
  return null;
}
