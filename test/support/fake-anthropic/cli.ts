// Runs the stand-in on its own: `tsx test/support/fake-anthropic/cli.ts [--port N] [--responder <module>]`. The
// responder module's default export is a `Responder` (for example the offline demo shop task, for `npm start`);
// without one every request gets the non-retryable "no turn was scripted" 500. Prints the URL, runs until killed.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startFakeAnthropic } from './server';
import type { Responder } from './types';

async function loadResponder(path: string): Promise<Responder> {
  const module: unknown = await import(pathToFileURL(resolve(path)).href);
  const responder = (module as { default?: unknown }).default;
  if (typeof responder !== 'function') throw new Error(`${path}: the default export must be a Responder function`);
  return responder as Responder;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, responder: { type: 'string' }, 'api-key': { type: 'string' } },
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port: not a port number: ${values.port}`);
  const fake = await startFakeAnthropic({ port, ...(values['api-key'] ? { apiKey: values['api-key'] } : {}) });
  if (values.responder) fake.respondWith(await loadResponder(values.responder));
  process.stdout.write(`${fake.url}\n`);
  // Every request it refuses is one the real API would refuse: say so at once, on stderr.
  let reported = 0;
  const report = setInterval(() => {
    for (const refused of fake.rejections.slice(reported)) {
      process.stderr.write(
        `fake-anthropic: refused ${refused.method} ${refused.path}: ${refused.rejection?.message}\n`,
      );
    }
    reported = fake.rejections.length;
  }, 250);
  report.unref();
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`fake-anthropic: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
