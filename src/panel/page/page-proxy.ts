// The one way a page proxy is built from its dispatcher: every PageApi method, its arguments cut at the method's arity
// (PAGE_METHODS) and the call options after them. The remote page, the framed page and the ledgered page differ only in
// what `invoke` does.

import { PAGE_METHODS, type PageMethod } from '../../shared/protocol';
import type { CallOptions, RemotePage } from '../../shared/rpc';

export type Invoke = (method: PageMethod, args: unknown[], options: CallOptions) => Promise<unknown>;

export function pageProxy(invoke: Invoke): RemotePage {
  const page = {} as Record<PageMethod, (...args: unknown[]) => Promise<unknown>>;
  for (const method of Object.keys(PAGE_METHODS) as PageMethod[]) {
    const { arity } = PAGE_METHODS[method];
    page[method] = (...all: unknown[]) =>
      invoke(method, all.slice(0, arity), (all[arity] as CallOptions | undefined) ?? {});
  }
  return page as unknown as RemotePage;
}
