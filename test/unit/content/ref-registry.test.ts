// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RefRegistry } from '../../../src/content/snapshot/ref-registry';
import { isSteadyhandError } from '../../../src/shared/errors';

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
