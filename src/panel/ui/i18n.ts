// UI strings come from chrome.i18n (public/_locales/<lang>/messages.json), so the panel follows the browser's
// language. The English catalogue is the source of the key type: a missing key is a compile error.

import type english from '../../../public/_locales/en/messages.json';

export type MessageKey = keyof typeof english;

export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  const text = chrome.i18n.getMessage(key, substitutions.map(String));
  return text || key;
}
