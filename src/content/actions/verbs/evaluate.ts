// evaluate: runs a script in the page's own JavaScript world (the content script's world cannot see page
// variables, and `new Function` is refused by the extension's CSP). An inline `<script>` element inserted from a
// content script is refused too: Chrome applies the extension's isolated-world CSP (script-src 'self') to it on
// every page. What does reach the main world is an inline event handler: set on a detached element, compiled and
// run by the page when the event fires, under the page's own CSP. So the script runs as the body of an `onreset`
// handler and reports its (awaited) result in an attribute, which this world watches with its own
// MutationObserver: the page's world may have replaced dispatchEvent or MutationObserver (a hostile page), and
// nothing the report depends on runs through them. A page whose CSP forbids inline handlers (no 'unsafe-inline')
// cannot be evaluated: that is `not_allowed`, with the reason.
// Only called when the person allowed evaluation in settings (off by default; the panel checks).

import { PageError } from '../../../shared/errors';

const RESULT_ATTRIBUTE = 'data-result';
const MAX_RESULT_CHARS = 20_000;
const TIMEOUT_MS = 10_000;

const HANDLER = 'onreset';
const TRIGGER = 'reset';

/** Wraps the body so the script reports when it starts and what it returns (awaited), as JSON in an attribute. */
function wrap(body: string): string {
  return `const el = this;
  el.setAttribute('data-started', '1');
  const report = (ok, value) => el.setAttribute('${RESULT_ATTRIBUTE}', JSON.stringify({ ok, value }));
  const show = (v) => {
    if (typeof v === 'string') return v;
    if (v === undefined) return 'undefined';
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch { return String(v); }
  };
  Promise.resolve().then(async () => { ${body}
  }).then((v) => report(true, show(v)), (e) => report(false, String((e && e.stack) || e)));`;
}

interface Injected {
  started: boolean;
  element: Element;
  error?: string;
}

/** Runs `code` as an inline handler of a detached element (nothing is added to the page's DOM). */
function inject(doc: Document, code: string): Injected {
  const element = doc.createElement('div');
  let error: string | undefined;
  // The browser's report of a handler that does not compile; the page could dispatch an ErrorEvent of its own.
  const onError = (event: ErrorEvent) => {
    if (event.isTrusted) error = event.message;
  };
  const win = doc.defaultView;
  win?.addEventListener('error', onError);
  try {
    element.setAttribute(HANDLER, code);
    element.dispatchEvent(new Event(TRIGGER));
  } catch (thrown) {
    // Trusted Types (require-trusted-types-for 'script') refuse the handler outright: the script did not start.
    error = String(thrown);
  } finally {
    win?.removeEventListener('error', onError);
  }
  const injected: Injected = { started: element.hasAttribute('data-started'), element };
  if (error) injected.error = error;
  return injected;
}

export async function evaluate(doc: Document, args: { script: string }): Promise<{ result: string }> {
  const script = args?.script;
  if (typeof script !== 'string' || script.trim() === '')
    throw new PageError('invalid_argument', 'script must be JavaScript source.');
  const probe = inject(doc, "this.setAttribute('data-started', '1');");
  if (!probe.started) {
    throw new PageError(
      'not_allowed',
      "This page's Content-Security-Policy forbids inline scripts, so a script cannot be evaluated here. Use the snapshot, find or readPage instead.",
    );
  }
  // First as an expression (`document.title`), then as statements with an explicit return.
  let run = inject(doc, wrap(`return (\n${script}\n);`));
  if (!run.started) run = inject(doc, wrap(`\n${script}\n`));
  if (!run.started)
    throw new PageError('invalid_argument', `The script does not parse: ${run.error ?? 'syntax error'}.`);
  const raw = await resultOf(run.element);
  const parsed = JSON.parse(raw) as { ok: boolean; value: string };
  const value = parsed.value.length > MAX_RESULT_CHARS ? `${parsed.value.slice(0, MAX_RESULT_CHARS)}…` : parsed.value;
  if (!parsed.ok) throw new PageError('internal', `The script threw: ${value}`);
  return { result: value };
}

function resultOf(element: Element): Promise<string> {
  const ready = element.getAttribute(RESULT_ATTRIBUTE);
  if (ready !== null) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new PageError('timeout', `The script did not finish within ${TIMEOUT_MS / 1000} s.`));
    }, TIMEOUT_MS);
    const observer = new MutationObserver(() => {
      const result = element.getAttribute(RESULT_ATTRIBUTE);
      if (result === null) return;
      clearTimeout(timer);
      observer.disconnect();
      resolve(result);
    });
    observer.observe(element, { attributes: true, attributeFilter: [RESULT_ATTRIBUTE] });
  });
}
