// The components' one way to the browser's own services: the message catalogue, the UI language and the site icons.
// The components know nothing of chrome.*: main.tsx connects the adapter (src/panel/chrome/ui-browser.ts) before
// it renders, as it connects the stores' storage (store/storage-port.ts); the unit tests' setup does the same.

export interface UiBrowser {
  /** The message for `key` in the browser's language with $1…$9 substituted; '' when there is none. */
  message(key: string, substitutions: string[]): string;
  /** The browser's UI language, e.g. 'en-US'. */
  uiLanguage(): string;
  /** The address of the site icon the browser has for `pageUrl` (16 px). */
  faviconUrl(pageUrl: string): string;
  /** The extension's id: the local MCP server takes only this extension's Origin (decision 0030). */
  extensionId(): string;
}

let current: UiBrowser | null = null;

/** Gives the components the browser; called once by the composition root (and by the unit tests' setup). */
export function connectUiBrowser(browser: UiBrowser): void {
  current = browser;
}

/** The connected browser. A component drawn before main.tsx connected one is a wiring mistake, said as such. */
export function uiBrowser(): UiBrowser {
  if (!current) throw new Error('The panel drew before main.tsx connected the browser (connectUiBrowser).');
  return current;
}

/** How many texts the memo keeps before it starts over: substituted ones (counts, names) vary without end. */
export const MESSAGES_KEPT = 2_000;

/**
 * `browser` with each message kept once read. The catalogue cannot change while a page lives (the language is the
 * browser's, read at load: https://developer.chrome.com/docs/extensions/reference/api/i18n), and each
 * chrome.i18n.getMessage is a trip through the extension bindings: with six tasks running, the panel spent a third
 * of a second per round in it, once per string per render (`npm run bench`, parallel, PARALLEL_PROFILE).
 */
export function keepMessages(browser: UiBrowser): UiBrowser {
  const messages = new Map<string, string>();
  return {
    ...browser,
    message(key, substitutions) {
      const id = substitutions.length === 0 ? key : `${key}\u0000${substitutions.join('\u0000')}`;
      let text = messages.get(id);
      if (text === undefined) {
        text = browser.message(key, substitutions);
        if (messages.size >= MESSAGES_KEPT) messages.clear();
        messages.set(id, text);
      }
      return text;
    },
  };
}
