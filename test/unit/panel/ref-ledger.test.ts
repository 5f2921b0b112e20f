// @vitest-environment jsdom
// The panel's ref ledger (decision 0002, addendum) in front of fake tabs whose "content scripts" number
// their elements with the real RefRegistry: a number names one element of one document, a ref from a page the tab
// left is refused here, naming both pages, and never reaches the page that now carries the tab.

import { describe, expect, it } from 'vitest';
import { RefRegistry } from '../../../src/content/snapshot/ref-registry';
import { FRAME_REF_BASE } from '../../../src/panel/page/frame-refs';
import { createLedgeredPage } from '../../../src/panel/page/ledgered-page';
import { RefLedger } from '../../../src/panel/page/ref-ledger';
import { isSteadyhandError, type SteadyhandError } from '../../../src/shared/errors';
import type { ActionResult, FindArgs, FindResult, Snapshot, SnapshotOptions } from '../../../src/shared/page-types';
import type { RemotePage } from '../../../src/shared/rpc';

const BOX_ELEMENT = { tag: 'input', inViewport: true, box: { x: 0, y: 0, width: 10, height: 10 } };

interface FakeDoc {
  registry: RefRegistry;
  url: string;
  title: string;
  controls: { role: string; name: string; element: Element }[];
}

function doc(id: string, url: string, title: string, controls: [role: string, name: string][]): FakeDoc {
  return {
    registry: new RefRegistry(id),
    url,
    title,
    controls: controls.map(([role, name]) => ({ role, name, element: document.createElement('button') })),
  };
}

/** One tab: its document answers snapshot, find and click as a content script would, and logs the clicks. */
function fakeTab(first: FakeDoc) {
  /** `frameRefs`: refs the panel gave a cross-origin frame's fields, listed as a composed snapshot lists them. */
  const tab = { doc: first, clicked: [] as string[], pageCalls: 0, frameRefs: [] as number[] };
  const page = {
    async snapshot(options: SnapshotOptions): Promise<Snapshot> {
      tab.pageCalls++;
      const { registry } = tab.doc;
      registry.claim(options.refFloor);
      // A tick inside the page, so two tabs asked at once overlap unless the ledger keeps them apart.
      await Promise.resolve();
      const elements = tab.doc.controls.map(({ role, name, element }) => ({
        ref: registry.refFor(element),
        role,
        name,
        tag: 'button',
        inViewport: true,
        box: { x: 0, y: 0, width: 10, height: 10 },
      }));
      for (const ref of tab.frameRefs) elements.push({ ...BOX_ELEMENT, ref, role: 'textbox', name: 'Card number' });
      return {
        snapshotId: registry.nextSnapshotId(),
        url: tab.doc.url,
        title: tab.doc.title,
        elements,
        text: elements.map((e) => `[${e.ref}] ${e.role} "${e.name}"`).join('\n'),
        viewport: { width: 800, height: 600, scrollX: 0, scrollY: 0, pageWidth: 800, pageHeight: 600 },
        digest: 'd',
        tokens: 10,
        truncated: false,
        crossOriginFrames: [],
        ...(options.refFloor ? { issued: { document: registry.id, next: registry.next } } : {}),
      };
    },
    async find(args: FindArgs): Promise<FindResult> {
      tab.pageCalls++;
      const { registry } = tab.doc;
      registry.claim(args.refFloor);
      const matches = tab.doc.controls
        .filter(({ name }) => name.toLowerCase().includes(args.query.toLowerCase()))
        .map(({ role, name, element }) => ({
          ref: registry.refFor(element),
          role,
          name,
          text: name,
          inViewport: true,
        }));
      return { matches, issued: { document: registry.id, next: registry.next } };
    },
    async click(args: { ref: number; snapshotId: string }): Promise<ActionResult> {
      tab.pageCalls++;
      document.body.replaceChildren(...tab.doc.controls.map(({ element }) => element));
      const element = tab.doc.registry.resolve(args);
      tab.clicked.push(tab.doc.controls.find((c) => c.element === element)?.name ?? '?');
      return { ok: true, verified: true, effects: ['dom_change'] };
    },
  };
  return { tab, page: page as unknown as RemotePage };
}

const settings = () =>
  doc('settings1', 'http://site.test/settings.html', 'Account settings', [
    ['button', 'Save settings'],
    ['link', 'Delete account'],
  ]);
const deletion = () =>
  doc('delete1', 'http://site.test/delete.html', 'Delete account', [
    ['button', 'Delete my account'],
    ['link', 'Back'],
  ]);

async function refusal(promise: Promise<unknown>): Promise<SteadyhandError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isSteadyhandError(error)) throw new Error(`expected a SteadyhandError, got ${String(error)}`);
  return error;
}

describe('RefLedger', () => {
  it('numbers the documents of a tab apart and knows which document each number came from', async () => {
    const ledger = new RefLedger('space1');
    const { tab, page } = fakeTab(settings());
    const tabPage = createLedgeredPage(5, page, ledger);
    const first = await tabPage.snapshot({});
    expect(first.elements.map((e) => e.ref)).toEqual([1, 2]);
    tab.doc = deletion();
    const second = await tabPage.snapshot({});
    expect(second.elements.map((e) => e.ref)).toEqual([3, 4]);
    expect(ledger.originOf(1)).toMatchObject({ tabId: 5, document: 'settings1', title: 'Account settings' });
    expect(ledger.originOf(4)).toMatchObject({ tabId: 5, document: 'delete1', url: 'http://site.test/delete.html' });
    expect(ledger.originOf(5)).toBeUndefined();
  });

  it('keeps the numbers of two tabs apart even when both are read at once', async () => {
    const ledger = new RefLedger('space1');
    const one = createLedgeredPage(1, fakeTab(settings()).page, ledger);
    const two = createLedgeredPage(2, fakeTab(deletion()).page, ledger);
    const [a, b] = await Promise.all([one.snapshot({}), two.snapshot({})]);
    const refs = [...a.elements, ...b.elements].map((e) => e.ref);
    expect(new Set(refs).size).toBe(4);
    expect(ledger.originOf(b.elements[0]?.ref ?? 0)?.tabId).toBe(2);
  });
});

describe('a ref checked before it reaches the page', () => {
  it('refuses a ref from the page the tab left as stale_ref naming both pages, without calling the page', async () => {
    const ledger = new RefLedger('space1');
    const { tab, page } = fakeTab(settings());
    const tabPage = createLedgeredPage(5, page, ledger);
    const before = await tabPage.snapshot({});
    const remembered = before.elements[0]?.ref ?? 0; // "Save settings"
    tab.doc = deletion();
    const now = await tabPage.snapshot({});
    const calls = tab.pageCalls;
    const error = await refusal(tabPage.click({ ref: remembered, snapshotId: now.snapshotId }));
    expect(error.code).toBe('stale_ref');
    expect(error.message).toBe(
      `Element [${remembered}] was on the page this tab left (http://site.test/settings.html); this tab now shows ` +
        'http://site.test/delete.html. Nothing was done. Use a ref from the latest observation.',
    );
    // Titles are the pages' words: beside the message, for the fenced part of the tool result.
    expect(error.pageText).toBe(
      'The page the ref came from: "Account settings"\nThe page this tab shows now: "Delete account"',
    );
    expect(tab.pageCalls).toBe(calls);
    expect(tab.clicked).toEqual([]);
  });

  it('refuses a cross-origin frame ref from the page the tab left', async () => {
    const ledger = new RefLedger('space1');
    const { tab, page } = fakeTab(settings());
    const tabPage = createLedgeredPage(5, page, ledger);
    const frameRef = ledger.frameRef();
    expect(frameRef).toBe(FRAME_REF_BASE + 1);
    tab.frameRefs = [frameRef];
    await tabPage.snapshot({});
    tab.frameRefs = [];
    tab.doc = deletion();
    const now = await tabPage.snapshot({});
    const error = await refusal(tabPage.type({ ref: frameRef, snapshotId: now.snapshotId, text: '4242' }));
    expect(error.code).toBe('stale_ref');
    expect(ledger.frameRef()).toBe(FRAME_REF_BASE + 2); // one count for every tab
  });

  it('says a ref from another tab of the task came from that tab', async () => {
    const ledger = new RefLedger('space1');
    const other = await createLedgeredPage(8, fakeTab(settings()).page, ledger).snapshot({});
    const { tab, page } = fakeTab(deletion());
    const here = createLedgeredPage(9, page, ledger);
    const snap = await here.snapshot({});
    const error = await refusal(here.click({ ref: other.elements[0]?.ref ?? 0, snapshotId: snap.snapshotId }));
    expect(error.code).toBe('stale_ref');
    expect(error.message).toContain('is from a page of tab 8 (http://site.test/settings.html), not of this tab');
    expect(tab.clicked).toEqual([]);
  });

  it('sends a ref on its own page, and the result names the element it acted on', async () => {
    const ledger = new RefLedger('space1');
    const { tab, page } = fakeTab(settings());
    const tabPage = createLedgeredPage(5, page, ledger);
    const snap = await tabPage.snapshot({});
    const result = await tabPage.click({ ref: 1, snapshotId: snap.snapshotId });
    expect(tab.clicked).toEqual(['Save settings']);
    expect(result.targets).toEqual([{ ref: 1, role: 'button', name: 'Save settings' }]);
  });

  it('names an element that only find listed', async () => {
    const ledger = new RefLedger('space1');
    const { tab, page } = fakeTab(settings());
    const tabPage = createLedgeredPage(5, page, ledger);
    const snap = await tabPage.snapshot({});
    tab.doc.controls.push({ role: 'button', name: 'Export my data', element: document.createElement('button') });
    const { matches } = await tabPage.find({ query: 'export' });
    const ref = matches[0]?.ref ?? 0;
    expect(ref).toBe(3);
    const result = await tabPage.click({ ref, snapshotId: snap.snapshotId });
    expect(result.targets).toEqual([{ ref: 3, role: 'button', name: 'Export my data' }]);
  });

  it('leaves a number it never handed out to the page, which refuses it as invalid_argument', async () => {
    const ledger = new RefLedger('space1');
    const { tab, page } = fakeTab(settings());
    const tabPage = createLedgeredPage(5, page, ledger);
    const snap = await tabPage.snapshot({});
    const error = await refusal(tabPage.click({ ref: 77, snapshotId: snap.snapshotId }));
    expect(error.code).toBe('invalid_argument');
    expect(tab.clicked).toEqual([]);
  });
});

describe('what the ledger leaves to the page', () => {
  it('leaves a snapshot id of no page it showed to the page, which answers stale_snapshot', async () => {
    const ledger = new RefLedger('space1');
    const { tab, page } = fakeTab(settings());
    const tabPage = createLedgeredPage(5, page, ledger);
    const snap = await tabPage.snapshot({});
    const error = await refusal(tabPage.click({ ref: snap.elements[0]?.ref ?? 0, snapshotId: 'made-up.1' }));
    expect(error.code).toBe('stale_snapshot');
    expect(tab.clicked).toEqual([]);
  });
});
