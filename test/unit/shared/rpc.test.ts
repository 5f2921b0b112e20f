import { describe, expect, it, vi } from 'vitest';
import { PageError, RelayError, type SteadyhandError } from '../../../src/shared/errors';
import { dispatch, toReply, unwrap, withDeadline } from '../../../src/shared/rpc';

describe('envelopes', () => {
  it('wraps a value and a thrown typed error, and unwraps back to the same class', async () => {
    expect(await toReply(() => 42)).toEqual({ ok: true, value: 42 });
    const failed = await toReply(() => {
      throw new PageError('stale_ref', 'Ref 7 is gone.');
    });
    expect(failed).toEqual({ ok: false, error: { name: 'PageError', code: 'stale_ref', message: 'Ref 7 is gone.' } });
    expect(() => unwrap(failed)).toThrow(PageError);
    try {
      unwrap(failed);
    } catch (error) {
      expect((error as SteadyhandError).code).toBe('stale_ref');
    }
  });

  it('turns an unknown error into `internal`, never null', async () => {
    const reply = await toReply(() => {
      throw new TypeError('x is undefined');
    });
    expect(reply).toEqual({ ok: false, error: { name: 'TypeError', code: 'internal', message: 'x is undefined' } });
  });
});

describe('withDeadline', () => {
  it('fails with `timeout` and aborts the inner signal', async () => {
    vi.useFakeTimers();
    let inner: AbortSignal | undefined;
    const call = withDeadline('ping on tab 1', { timeoutMs: 100 }, (signal) => {
      inner = signal;
      return new Promise(() => {});
    });
    const outcome = call.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    const error = (await outcome) as RelayError;
    expect(error).toBeInstanceOf(RelayError);
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('ping on tab 1');
    expect(inner?.aborted).toBe(true);
    vi.useRealTimers();
  });

  it('fails with `aborted` when the caller aborts, and at once when already aborted', async () => {
    const controller = new AbortController();
    const call = withDeadline('click', { signal: controller.signal }, () => new Promise(() => {}));
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'aborted' });
    await expect(withDeadline('click', { signal: controller.signal }, async () => 1)).rejects.toMatchObject({
      code: 'aborted',
    });
  });

  it('removes its abort listener once settled', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    await withDeadline('ping', { signal: controller.signal }, async () => 'pong');
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});

describe('dispatch', () => {
  const api = {
    hello(args: { name: string }) {
      return `hello ${args.name}`;
    },
    secret() {
      return 'not exposed';
    },
  };
  // `secret` is a real method of the object but not in the table: it must stay unreachable.
  const served = api as Pick<typeof api, 'hello'>;

  it('calls a method listed in the table', async () => {
    expect(await dispatch(served, { hello: true }, 'hello', [{ name: 'Ada' }])).toEqual({
      ok: true,
      value: 'hello Ada',
    });
  });

  it('refuses anything not in the table, including prototype members', async () => {
    for (const method of ['secret', 'nope', 'toString', '__proto__', 'constructor']) {
      const reply = await dispatch(served, { hello: true }, method, []);
      expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    }
  });
});
