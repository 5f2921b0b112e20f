// A scripted turn that the API could never send (a mistake in the test, not in the client). The server answers it
// with a non-retryable 500 naming the mistake, so the test fails at once and says why.

export class ScriptError extends Error {
  override readonly name = 'ScriptError';
}
