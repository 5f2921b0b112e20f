// UI strings come from the browser's catalogue (public/_locales/<lang>/messages.json, read through browser-port.ts),
// so the panel follows the browser's language. The English catalogue is the source of the key type: a missing key is a compile error.

import type english from '../../../public/_locales/en/messages.json';
import { uiBrowser } from './browser-port';

export type MessageKey = keyof typeof english;

export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  const text = uiBrowser().message(key, substitutions.map(String));
  return text || key;
}
