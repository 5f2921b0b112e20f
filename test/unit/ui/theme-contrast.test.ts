// The panel's light and dark themes (styles.css): every colour is a custom property, and the pairs the panel draws
// keep WCAG AA contrast (text 4.5:1, focus ring and form control borders 3:1, WCAG 1.4.3 and 1.4.11). axe checks
// the rendered states in Chromium (test/e2e/panel-a11y*.e2e.ts); this checks the palette itself, pair by pair, so a
// colour that passes only in the states the e2e suite reaches is still caught.

import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const UI = resolve(import.meta.dirname, '../../../src/panel/ui');
const styles = readFileSync(resolve(UI, 'styles.css'), 'utf8');

/** The names other stylesheets (thread.css) rely on, and what they are for. */
const REQUIRED = [
  'bg',
  'fg',
  'muted',
  'surface',
  'surface-2',
  'border',
  'control-border',
  'accent',
  'accent-fg',
  'focus',
  'ok',
  'warn',
  'danger',
  'person-bubble',
  'person-bubble-fg',
] as const;
type Name = (typeof REQUIRED)[number];

/** The custom properties declared in the first `:root { ... }` of `css`. */
function properties(css: string): Record<string, string> {
  const body = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

const light = properties(styles);
const darkBlock = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{([\s\S]*?\})\s*\}/.exec(styles)?.[1] ?? '';
const dark = { ...light, ...properties(darkBlock) };

function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const v = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}

const TEXT: Name[] = ['fg', 'muted', 'accent', 'ok', 'warn', 'danger'];
const BACKGROUNDS: Name[] = ['bg', 'surface', 'surface-2'];

/** [foreground, background, minimum ratio]: every pair the panel draws. */
const PAIRS: [Name, Name, number][] = [
  ...TEXT.flatMap((fg) => BACKGROUNDS.map((bg): [Name, Name, number] => [fg, bg, 4.5])),
  ['accent-fg', 'accent', 4.5],
  ['person-bubble-fg', 'person-bubble', 4.5],
  ...BACKGROUNDS.map((bg): [Name, Name, number] => ['focus', bg, 3]),
  ['control-border', 'bg', 3],
  ['control-border', 'surface', 3],
];

describe.each([
  ['light', light],
  ['dark', dark],
] as const)('the %s theme', (_theme, palette) => {
  it('defines every named colour as a hex value', () => {
    for (const name of REQUIRED) expect(palette[name], name).toMatch(/^#[0-9a-f]{3}([0-9a-f]{3})?$/i);
  });

  it('keeps WCAG AA contrast for text, the focus ring and form control borders', () => {
    const short = PAIRS.flatMap(([fg, bg, min]) => {
      const ratio = contrast(palette[fg] ?? '', palette[bg] ?? '');
      return ratio < min ? [`--${fg} on --${bg}: ${ratio} (needs ${min})`] : [];
    });
    expect(short).toEqual([]);
  });
});

describe('the panel stylesheets', () => {
  it('declare color-scheme: light dark, so form controls and scrollbars follow the theme', () => {
    expect(/:root\s*\{[^}]*color-scheme:\s*light dark;/.test(styles)).toBe(true);
  });

  it('take every colour from the theme, never a literal one', () => {
    // Every stylesheet under ui/, sub-folders included (thread/thread.css).
    const sheets = readdirSync(UI, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
    const literals = sheets.flatMap((file) => {
      const css = readFileSync(resolve(UI, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      return css
        .split('\n')
        .filter((line) => !/^\s*--[\w-]+:/.test(line))
        .filter((line) =>
          /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|oklch|color-mix)\(|(?<![\w-])(white|black)(?![\w-])/i.test(line),
        )
        .map((line) => `${file}: ${line.trim()}`);
    });
    expect(literals).toEqual([]);
  });
});
