// A tab's page with the panel's ref ledger in front (ref-ledger.ts, decision 0002 addendum): `snapshot` and `find`
// carry the ledger's floor and report back how far the document numbered; a call naming a ref is checked against
// the document the ref came from before it is sent, so a ref from a page the tab left is `stale_ref` and reaches
// no page; an action's result names the elements its refs stand for (`targets`).

import type { ActionResult, FindArgs, FindResult, Snapshot, SnapshotOptions } from '../../shared/page-types';
import type { PageMethod } from '../../shared/protocol';
import type { CallOptions, RemotePage } from '../../shared/rpc';
import { documentOf } from './frame-refs';
import { forwardTo, pageProxy } from './page-proxy';
import type { RefLedger, RefOrigin } from './ref-ledger';

/** The argument fields that hold refs: `ref`, `toRef`, and any other name ending in `Ref`. */
export function refFields(arg: unknown): string[] {
  if (typeof arg !== 'object' || arg === null) return [];
  return Object.keys(arg).filter((key) => key === 'ref' || /Ref$/.test(key));
}

/** A call's argument as named fields (an argument that is no object has none). */
export function fieldsOf(arg: unknown): Record<string, unknown> {
  return typeof arg === 'object' && arg !== null ? { ...arg } : {};
}

export function createLedgeredPage(tabId: number, inner: RemotePage, ledger: RefLedger): RemotePage {
  const call = forwardTo(inner);

  async function snapshot(args: SnapshotOptions, options: CallOptions): Promise<Snapshot> {
    return ledger.issuing(async (refFloor) => {
      const snap = await inner.snapshot({ ...args, refFloor }, options);
      const origin: RefOrigin = { tabId, document: documentOf(snap.snapshotId), url: snap.url, title: snap.title };
      if (snap.issued) ledger.record(origin, refFloor, snap.issued.next);
      for (const element of snap.elements) ledger.listed(origin, element.ref, element.role, element.name);
      return snap;
    });
  }

  async function find(args: FindArgs, options: CallOptions): Promise<FindResult> {
    return ledger.issuing(async (refFloor) => {
      const found = await inner.find({ ...args, refFloor }, options);
      const known = found.issued ? ledger.pageOf(found.issued.document) : undefined;
      // A find names no page of its own: its refs belong to the document its snapshots showed (or an unnamed one).
      const origin: RefOrigin = known ?? {
        tabId,
        document: found.issued?.document ?? '',
        url: '',
        title: '',
      };
      if (found.issued) ledger.record(origin, refFloor, found.issued.next);
      for (const match of found.matches) {
        if (match.ref !== undefined) ledger.listed(origin, match.ref, match.role, match.name ?? match.text);
      }
      return found;
    });
  }

  /** Any other call: its refs checked against the ledger before it goes, its action result naming them after. */
  async function invoke(method: PageMethod, args: unknown, options: CallOptions): Promise<unknown> {
    const arg = fieldsOf(args);
    const refs = refFields(arg)
      .map((field) => arg[field])
      .filter((ref): ref is number => typeof ref === 'number');
    for (const ref of refs) ledger.check(tabId, arg.snapshotId, ref);
    const result = await call(method, args, options);
    return refs.length > 0 && isActionResult(result) ? named(result, refs, ledger) : result;
  }

  return pageProxy(invoke, { snapshot, find });
}

export function isActionResult(value: unknown): value is ActionResult {
  return typeof value === 'object' && value !== null && 'effects' in value && Array.isArray(value.effects);
}

function named(result: ActionResult, refs: number[], ledger: RefLedger): ActionResult {
  const targets = refs.flatMap((ref) => {
    const target = ledger.target(ref);
    return target ? [target] : [];
  });
  return targets.length > 0 ? { ...result, targets } : result;
}
