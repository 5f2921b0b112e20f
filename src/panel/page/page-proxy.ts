// The one way a page proxy is built: every page method has one shape, `(args, options?)` (src/shared/protocol.ts), so
// a proxy is a dispatcher that takes any call, plus a typed handler for each method it does more for. The remote
// page, the framed page and the ledgered page differ only in those two.

import { PAGE_METHODS, type PageArgs, type PageMethod, type PageResult } from '../../shared/protocol';
import type { CallOptions, RemotePage } from '../../shared/rpc';

/** Takes any page call; what comes back is as the wire carries it, unchecked. */
export type Invoke = (method: PageMethod, args: unknown, options: CallOptions) => Promise<unknown>;

/** A call of one method, typed by the protocol. */
export type PageCall<M extends PageMethod> = (args: PageArgs<M>, options: CallOptions) => Promise<PageResult<M>>;

/** A proxy's own handling of some methods; `next` is the dispatcher's, for the calls it leaves to it. */
export type OwnMethods = {
  [M in PageMethod]?: (args: PageArgs<M>, options: CallOptions, next: PageCall<M>) => Promise<PageResult<M>>;
};

export function pageProxy(invoke: Invoke, own: OwnMethods = {}): RemotePage {
  const methods = Object.keys(PAGE_METHODS) as PageMethod[];
  // Every method of the protocol, each typed as `proxied` returns it.
  return Object.fromEntries(methods.map((method) => [method, proxied(method, invoke, own)])) as RemotePage;
}

function proxied<M extends PageMethod>(
  method: M,
  invoke: Invoke,
  own: OwnMethods,
): (args: PageArgs<M>, options?: CallOptions) => Promise<PageResult<M>> {
  // The protocol says what the method answers; the relay carries it untyped.
  const next: PageCall<M> = (args, options) => invoke(method, args, options) as Promise<PageResult<M>>;
  const handler = own[method];
  return handler ? (args, options = {}) => handler(args, options, next) : (args, options = {}) => next(args, options);
}

/** A page's dispatcher: any call, to that page's method of the same name. */
export function forwardTo(page: RemotePage): Invoke {
  return (method, args, options) => call(page, method, args, options);
}

function call<M extends PageMethod>(page: RemotePage, method: M, args: unknown, options: CallOptions) {
  // The arguments come from a caller of the same method, as the proxy in front received them.
  return page[method](args as PageArgs<M>, options);
}

/** A call's argument as the wire lists it: none for a method that takes none. */
export function wireArgs(args: unknown): unknown[] {
  return args === undefined ? [] : [args];
}
