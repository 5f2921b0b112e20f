// The panel reads each UI string from chrome.i18n once (src/panel/ui/browser-port.ts §keepMessages): the catalogue
// cannot change while the page lives, and every read is a trip through the extension bindings.

import { describe, expect, it } from 'vitest';
import { keepMessages, MESSAGES_KEPT, type UiBrowser } from '../../../src/panel/ui/browser-port';

function countingBrowser() {
  const reads: string[] = [];
  const browser: UiBrowser = {
    message: (key, substitutions) => {
      reads.push(key);
      return `${key}(${substitutions.join(',')})`;
    },
    uiLanguage: () => 'en-US',
    faviconUrl: (pageUrl) => `icon:${pageUrl}`,
    extensionId: () => 'ext',
  };
  return { browser, reads };
}

describe('keepMessages', () => {
  it('asks the browser once per string and substitutions, and answers what it said', () => {
    const { browser, reads } = countingBrowser();
    const kept = keepMessages(browser);
    expect(kept.message('threadsHeading', [])).toBe('threadsHeading()');
    expect(kept.message('threadsHeading', [])).toBe('threadsHeading()');
    expect(kept.message('stepOf', ['2', '9'])).toBe('stepOf(2,9)');
    expect(kept.message('stepOf', ['2', '9'])).toBe('stepOf(2,9)');
    expect(kept.message('stepOf', ['3', '9'])).toBe('stepOf(3,9)');
    // "a" with "b,c" is not "a,b" with "c": the parts are kept apart.
    expect(kept.message('pair', ['a,b', 'c'])).toBe('pair(a,b,c)');
    expect(kept.message('pair', ['a', 'b,c'])).toBe('pair(a,b,c)');
    expect(reads).toEqual(['threadsHeading', 'stepOf', 'stepOf', 'pair', 'pair']);
  });

  it('keeps an empty answer (a key the catalogue lacks) too, and passes the other services through', () => {
    const { browser, reads } = countingBrowser();
    const kept = keepMessages({
      ...browser,
      message: (key) => {
        reads.push(key);
        return '';
      },
    });
    expect(kept.message('missing', [])).toBe('');
    expect(kept.message('missing', [])).toBe('');
    expect(reads).toEqual(['missing']);
    expect(kept.faviconUrl('https://a.test/')).toBe('icon:https://a.test/');
    expect(kept.uiLanguage()).toBe('en-US');
  });

  it('starts over once it holds MESSAGES_KEPT texts, so counts that never repeat cannot grow it without end', () => {
    const { browser, reads } = countingBrowser();
    const kept = keepMessages(browser);
    kept.message('first', []);
    for (let i = 0; i < MESSAGES_KEPT; i++) kept.message('count', [String(i)]);
    reads.length = 0;
    kept.message('first', []);
    expect(reads).toEqual(['first']);
  });
});
