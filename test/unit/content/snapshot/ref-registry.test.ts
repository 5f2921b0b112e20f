// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RefRegistry } from '../../../../src/content/snapshot/ref-registry';
import { isSteadyhandError } from '../../../../src/shared/errors';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return isSteadyhandError(error) ? error.code : 'not a SteadyhandError';
  }
}

describe('RefRegistry', () => {
  it('gives an element the same ref every time and never reuses a number', () => {
    const refs = new RefRegistry('doc1');
    const a = document.createElement('button');
    const b = document.createElement('button');
    expect(refs.refFor(a)).toBe(1);
    expect(refs.refFor(b)).toBe(2);
    expect(refs.refFor(a)).toBe(1);
    const c = document.createElement('a');
    expect(refs.refFor(c)).toBe(3);
    expect(refs.peek(document.createElement('div'))).toBeUndefined();
  });

  it('resolves a ref only while its element is in the document', () => {
    const refs = new RefRegistry('doc1');
    const snapshotId = refs.nextSnapshotId();
    const button = document.body.appendChild(document.createElement('button'));
    const ref = refs.refFor(button);
    expect(refs.resolve({ ref, snapshotId })).toBe(button);
    button.remove();
    expect(codeOf(() => refs.resolve({ ref, snapshotId }))).toBe('stale_ref');
    // A replacement that looks the same is a different element: the old ref does not reach it.
    const twin = document.body.appendChild(document.createElement('button'));
    expect(codeOf(() => refs.resolve({ ref, snapshotId }))).toBe('stale_ref');
    expect(refs.refFor(twin)).toBe(ref + 1);
    // Put back, the same element is reachable again under its old ref.
    document.body.appendChild(button);
    expect(refs.resolve({ ref, snapshotId })).toBe(button);
  });

  it('accepts older snapshot ids of its document and refuses ids of any other', () => {
    const refs = new RefRegistry('doc1');
    const first = refs.nextSnapshotId();
    const second = refs.nextSnapshotId();
    const el = document.body.appendChild(document.createElement('input'));
    const ref = refs.refFor(el);
    expect(refs.resolve({ ref, snapshotId: first })).toBe(el);
    expect(refs.resolve({ ref, snapshotId: second })).toBe(el);
    expect(codeOf(() => refs.resolve({ ref, snapshotId: new RefRegistry('doc2').nextSnapshotId() }))).toBe(
      'stale_snapshot',
    );
    expect(codeOf(() => refs.resolve({ ref, snapshotId: 'doc1.3' }))).toBe('stale_snapshot'); // not issued yet
    expect(codeOf(() => refs.resolve({ ref, snapshotId: '' }))).toBe('invalid_argument');
    expect(codeOf(() => refs.resolve({ ref: 99, snapshotId: first }))).toBe('invalid_argument');
    expect(codeOf(() => refs.resolve({ ref: '1', snapshotId: first }))).toBe('invalid_argument');
  });
});

describe('RefRegistry with the panel ledger floor (issue 23)', () => {
  const button = () => document.body.appendChild(document.createElement('button'));

  it('starts its numbers at the floor and never lowers them', () => {
    const refs = new RefRegistry('doc2');
    refs.claim({ from: 41, space: 'ledger-a' });
    const snapshotId = refs.nextSnapshotId();
    const a = button();
    expect(refs.refFor(a)).toBe(41);
    expect(refs.next).toBe(42);
    refs.claim({ from: 7, space: 'ledger-a' }); // a lower floor changes nothing
    expect(refs.refFor(button())).toBe(42);
    // Numbers below the floor were never handed out here: the model cannot have seen them on this page.
    expect(codeOf(() => refs.resolve({ ref: 1, snapshotId }))).toBe('invalid_argument');
    expect(refs.resolve({ ref: 41, snapshotId })).toBe(a);
  });

  it('keeps the numbers it handed out before the floor rose', () => {
    const refs = new RefRegistry('doc3');
    refs.claim({ from: 1, space: 'ledger-a' });
    const snapshotId = refs.nextSnapshotId();
    const first = button();
    expect(refs.refFor(first)).toBe(1);
    refs.claim({ from: 100, space: 'ledger-a' }); // another tab's page took 2..99 meanwhile
    const second = button();
    expect(refs.refFor(second)).toBe(100);
    expect(refs.refFor(first)).toBe(1);
    expect(refs.resolve({ ref: 1, snapshotId })).toBe(first);
    expect(codeOf(() => refs.resolve({ ref: 50, snapshotId }))).toBe('invalid_argument');
  });

  it('drops the numbers of another ledger and never hands them out again', () => {
    const refs = new RefRegistry('doc4');
    refs.claim({ from: 1, space: 'panel-1' });
    const snapshotId = refs.nextSnapshotId();
    const old = button();
    expect(refs.refFor(old)).toBe(1);
    refs.refFor(button());
    // The panel was opened again: its ledger starts at 1, which this page already gave to `old`.
    refs.claim({ from: 1, space: 'panel-2' });
    expect(codeOf(() => refs.resolve({ ref: 1, snapshotId }))).toBe('invalid_argument');
    expect(refs.refFor(old)).toBe(3);
    expect(refs.resolve({ ref: 3, snapshotId })).toBe(old);
  });
});
