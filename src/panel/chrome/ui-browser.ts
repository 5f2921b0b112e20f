// The components' browser services (src/panel/ui/browser-port.ts §UiBrowser) over chrome.i18n and the extension's
// favicon endpoint (the manifest's `favicon` permission:
// https://developer.chrome.com/docs/extensions/how-to/ui/favicons).

export const chromeUiBrowser = {
  message: (key: string, substitutions: string[]): string => chrome.i18n.getMessage(key, substitutions),
  uiLanguage: (): string => chrome.i18n.getUILanguage(),
  faviconUrl: (pageUrl: string): string =>
    `${chrome.runtime.getURL('/_favicon/')}?pageUrl=${encodeURIComponent(pageUrl)}&size=16`,
  extensionId: (): string => chrome.runtime.id ?? '',
};
