import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = resolve(import.meta.dirname, '../../../public/_locales');

type Catalogue = Record<string, { message: string; description?: string }>;

const load = (lang: string): Catalogue => JSON.parse(readFileSync(resolve(LOCALES, lang, 'messages.json'), 'utf8'));
const slots = (message: string) => [...message.matchAll(/\$(\d)/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  const english = load('en');
  const others = readdirSync(LOCALES).filter((lang) => lang !== 'en');

  it('ships English and Simplified Chinese', () => {
    expect(others).toContain('zh_CN');
  });

  it.each(others)('%s translates every English message with the same substitutions', (lang) => {
    const catalogue = load(lang);
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    for (const [key, { message }] of Object.entries(english)) {
      const translated = catalogue[key]?.message ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(slots(translated), key).toEqual(slots(message));
    }
  });
});
