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
