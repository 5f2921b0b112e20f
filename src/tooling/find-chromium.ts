import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', 'chromium-browser', 'google-chrome'];

function which(name: string): string | null {
  if (name.startsWith('/')) return existsSync(name) ? name : null;
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** CHROME_PATH, then the usual names. Throws a message that says how to get one. */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but there is no file there.`);
  }
  for (const candidate of CANDIDATES) {
    const found = which(candidate);
    if (found) return found;
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
      'or point CHROME_PATH at a Chrome or Chromium binary.',
  );
}
