// Whether a click or Enter would take a consequential step (issue 25): pay or order, post or send, create an account,
// sign in, delete, or change a setting of the person's account. Read before the action runs, from the page's own
// semantics: the form the action submits (method, action), its fields' types and HTML autocomplete tokens
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill), a text body to post, the
// control's accessible name, and the page's headings and URL. Each signal adds weight to a kind; the decision table
// in `decide` turns the weights into a kind or none. When a form sends data by POST and nothing tells its purpose,
// the step is `submit` and the person is asked: unsure means ask.

import type { ConsentKind, Consequence } from '../../../shared/consent-types';
import type { NavigationVia } from '../../../shared/page-types';
import { clip } from '../../snapshot/dom/dom';
import { accessibleName } from '../../snapshot/naming/names';
import { autofillTokens, fieldsIn, isCardCode, isCardNumber, isPassword, shownFields } from './consequence-fields';
import { ACCOUNT_WORDS, kindOfName, MESSAGE_BOX_WORDS, wordsOf } from './consequence-words';
import { navigationTarget, submittedForm } from './navigation-target';

/** A kind wins at this weight; below it, only a POST form is asked about (as `submit`). */
const DECIDES = 3;
/** Ties go to the kind listed first: what costs the person most. */
const ORDER: readonly ConsentKind[] = ['delete', 'payment', 'order', 'signup', 'signin', 'post', 'account'];
const CONTROLS =
  'button, input[type="submit" i], input[type="button" i], input[type="image" i], [role="button" i], a, [role="link" i], [role="menuitem" i]';
/** How far up from a button outside any form its fields are looked for (a script-driven form in a div). */
const SCOPE_LEVELS = 4;

type Weights = Map<ConsentKind, number>;
const add = (weights: Weights, kind: ConsentKind, weight: number) =>
  weights.set(kind, (weights.get(kind) ?? 0) + weight);

/** A link that loads a page is navigation, never a step of its own (the site gate decides where it may go). */
function isPageLink(control: Element): boolean {
  if (control.localName !== 'a' && control.localName !== 'area') return false;
  const href = (Element.prototype.getAttribute.call(control, 'href') ?? '').trim();
  return /^https?:|^\/|^\.|^[^:#]+$/i.test(href) && !/^javascript:/i.test(href);
}

/** The fields around a button outside a form: the nearest ancestor that holds any, up to a few levels. */
function scopeOf(control: Element): Element | null {
  let node = control.parentElement;
  for (let level = 0; node && level < SCOPE_LEVELS; level += 1, node = node.parentElement) {
    if (fieldsIn(node).length > 0) return node;
  }
  return null;
}

/** Headings, title and path of the page, and the form's own label: where an account's settings are. */
function isAccountPage(doc: Document, scope: Element | null): boolean {
  const headings = [...doc.querySelectorAll('h1, h2, legend, [role="heading"]')].map((h) => h.textContent ?? '');
  const label = scope ? [scope.getAttribute('aria-label') ?? '', scope.getAttribute('name') ?? ''] : [];
  const path = (() => {
    try {
      return new URL(doc.URL).pathname.replace(/[/_-]+/g, ' ');
    } catch {
      return '';
    }
  })();
  return ACCOUNT_WORDS.test(wordsOf([doc.title, path, ...headings, ...label].join(' ')));
}

interface Signals {
  weights: Weights;
  said: string[];
  harmless: boolean;
  secret: boolean;
}

/** Weighs what the control's name, the fields and the page say; `said` names the signals for the question. */
function weigh(control: Element, name: string, scope: Element | null, fields: readonly Element[]): Signals {
  const weights: Weights = new Map();
  const said: string[] = [];
  const named = kindOfName(name);
  // Outside any form and with no fields around, "Sign in", "Reply" or "Save" open a dialog or a box more often than
  // they send anything; deleting, paying and ordering are steps of their own even there (a script-driven button).
  const standsAlone = named === 'delete' || named === 'payment' || named === 'order';
  if (named && named !== 'harmless' && (scope !== null || standsAlone)) {
    // "Save" only names an account change on an account's page; the other families name their act outright.
    add(weights, named, named === 'account' ? 2 : 3);
    said.push(`the control's name (${named})`);
  }
  const cards = fields.filter((field) => isCardNumber(field) || isCardCode(field));
  if (cards.length > 0) {
    add(weights, 'payment', 3);
    said.push('a card number or security code field');
  }
  const passwords = fields.filter(isPassword);
  const tokens = fields.flatMap(autofillTokens);
  if (tokens.includes('new-password') || passwords.length >= 2) {
    add(weights, 'signup', 3);
    said.push('a new-password field');
  } else if (passwords.length > 0 || tokens.includes('current-password')) {
    add(weights, 'signin', 3);
    said.push('a password field');
  }
  if (tokens.includes('one-time-code')) {
    add(weights, 'signin', 3);
    said.push('a one-time code field');
  }
  const body = fields.some((field) =>
    field.localName === 'textarea'
      ? (field as HTMLTextAreaElement).value.trim() !== ''
      : field.localName !== 'input' && field.localName !== 'select' && (field.textContent ?? '').trim() !== '',
  );
  if (body) {
    add(weights, 'post', 2);
    said.push('a text body');
  }
  if ((scope || named === 'account') && isAccountPage(control.ownerDocument, scope)) {
    add(weights, 'account', 2);
    said.push("the page is about the person's account");
  }
  return { weights, said, harmless: named === 'harmless', secret: cards.length > 0 || passwords.length > 0 };
}

/**
 * The decision table, in order:
 * 1. a control named for a harmless step (add to cart, search, filter) with no secret in its fields → none;
 * 2. the heaviest kind at DECIDES or more → that kind (ties: ORDER);
 * 3. a search form (role=search, <search>, a search field) → none;
 * 4. a form sent by POST → `submit` (its purpose could not be told: ask);
 * 5. otherwise (a GET form, a button outside a form) → none.
 */
function decide(signals: Signals, form: HTMLFormElement | null, method: 'get' | 'post' | null): ConsentKind | null {
  if (signals.harmless && !signals.secret) return null;
  let best: ConsentKind | null = null;
  for (const kind of ORDER) {
    const weight = signals.weights.get(kind) ?? 0;
    if (weight >= DECIDES && (best === null || weight > (signals.weights.get(best) ?? 0))) best = kind;
  }
  if (best) return best;
  if (form?.closest('[role="search" i], search') || form?.querySelector('input[type="search" i]')) return null;
  return form && method === 'post' ? 'submit' : null;
}

/** The text of a multi-line box: a textarea's value, or what an editable element or a `textbox` holds. */
function boxText(element: Element): string | null {
  if (element.localName === 'textarea') return (element as HTMLTextAreaElement).value;
  const editable = element.closest('[contenteditable=""], [contenteditable="true" i], [role="textbox" i]');
  return editable ? (editable.textContent ?? '') : null;
}

/**
 * Enter in a message box outside any form: chat and comment boxes send on Enter by script. It is a post when the box
 * holds text and names itself for a message (its accessible name or placeholder); an unnamed box or an editor's
 * Enter is a new line.
 */
function messageSent(element: Element): Consequence | null {
  const text = boxText(element)?.trim() ?? '';
  if (text === '' || element.closest('form')) return null;
  const box = element.closest('textarea, [contenteditable], [role="textbox" i]') ?? element;
  const name = accessibleName(box, 'textbox');
  const placeholder = box.getAttribute('placeholder') ?? box.getAttribute('aria-placeholder') ?? '';
  if (!MESSAGE_BOX_WORDS.test(wordsOf(`${name} ${placeholder}`))) return null;
  return {
    kind: 'post',
    control: clip(name || placeholder, 80),
    signals: ['Enter in a message box that holds text'],
    fields: [{ label: clip(name || placeholder, 80), value: clip(text, 80) }],
  };
}

/**
 * The consequential step a click on `element` (`via: 'click'`) or Enter in it would take, or null when it takes
 * none this can tell: a link to a page, a field, an ordinary button, a search, a filter, a cart change.
 */
export function consequenceOf(element: Element, via: NavigationVia): Consequence | null {
  const submitted = submittedForm(element, via);
  const control =
    submitted?.submitter ??
    (via === 'enter' && submitted
      ? submitted.form.querySelector('button:not([type="button" i]):not([type="reset" i]), input[type="submit" i]')
      : element.closest(CONTROLS));
  if (!submitted) {
    // Enter outside a form submits nothing, unless a script sends a message box on it.
    if (via === 'enter') return messageSent(element);
    // A click on a field, a checkbox or a plain element is no step.
    if (!control || isPageLink(control)) return null;
    if (control.localName === 'input' && !/^(button|submit|image)$/i.test((control as HTMLInputElement).type))
      return null;
  }
  const name = control ? accessibleName(control, 'button') : '';
  // A button that submits nothing takes a step only by what its name says: the fields around it may belong to a form
  // it does not send ("Cancel" beside a password field).
  const named = kindOfName(name);
  if (!submitted && (named === null || named === 'harmless')) return null;
  const scope = submitted?.form ?? (control ? scopeOf(control) : null);
  const fields = scope ? fieldsIn(scope) : [];
  const target = navigationTarget(element, via);
  const method = submitted ? (target?.method ?? null) : null;
  const signals = weigh(control ?? element, name, scope, fields);
  const kind = decide(signals, submitted?.form ?? null, method);
  if (!kind) return null;
  return {
    kind,
    control: clip(name, 80),
    signals: signals.said.length > 0 ? signals.said : ['a form that sends data by POST'],
    fields: shownFields(fields),
    ...(submitted && target ? { request: { url: target.url, method: target.method } } : {}),
  };
}
