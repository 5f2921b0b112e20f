// The three extension contexts share code only through src/shared: a module of one context importing another's
// would pull its code (and its chrome.* assumptions) into the wrong bundle.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const CONTEXTS = ['panel', 'background', 'content'] as const;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*from\s+'([^']+)'|import\('([^']+)'\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

describe('architecture', () => {
  it.each(CONTEXTS)('src/%s imports only from itself, src/shared and packages', (context) => {
    const offending: string[] = [];
    for (const file of files(join(SRC, context))) {
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue; // a package
        const target = relative(SRC, resolve(file, '..', spec)).split('/')[0];
        // Outside src (the translation catalogue's type in public/) is not another context.
        if (target === '..' || target === context || target === 'shared') continue;
        offending.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('src/shared has no side effects at import time on chrome.*', () => {
    for (const file of files(join(SRC, 'shared'))) {
      const topLevel = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /^\S/.test(line) && !/^(import|export (type|interface)|\/\/|\*|\/\*)/.test(line));
      expect(
        topLevel.filter((line) => line.includes('chrome.')),
        file,
      ).toEqual([]);
    }
  });
});
