// @vitest-environment jsdom
// The mask's lease and lifecycle (trusted-input blocking needs a real browser: see test/e2e/page-mask.e2e.ts).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMaskHost } from '../../../src/content/mask/marker';
import { Mask } from '../../../src/content/mask/mask';
import { MASK } from '../../support/panel';

const hosts = () => document.querySelectorAll(MASK).length;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.documentElement.querySelectorAll(MASK).forEach((el) => {
    el.remove();
  });
});

describe('Mask', () => {
  it('carries no name a page could look for: a random tag per mask, no attribute, known by identity', () => {
    const tags: string[] = [];
    for (let i = 0; i < 2; i++) {
      const mask = new Mask(
        document,
        () => {},
        () => {},
      );
      mask.show({ leaseMs: 1_000 });
      const host = document.querySelector(MASK) as Element;
      expect(host.localName).toMatch(/^x-[a-z]{12}$/);
      expect(host.getAttributeNames()).toEqual(['style']);
      expect(isMaskHost(host)).toBe(true);
      tags.push(host.localName);
      mask.hide();
    }
    expect(tags[0]).not.toBe(tags[1]);
    const lookalike = document.createElement(tags[0] as string);
    expect(isMaskHost(lookalike)).toBe(false); // a page that copies the tag does not make its element ours
  });

  it('in a subframe draws nothing, holds the same lease, and goes down with it', () => {
    const expired = vi.fn();
    const mask = new Mask(document, () => {}, expired, { veil: false });
    expect(mask.show({ leaseMs: 1_000 })).toEqual({ shown: true });
    expect(hosts()).toBe(0);
    expect(mask.isShown).toBe(true);
    expect(mask.renew({ leaseMs: 1_000 })).toEqual({ shown: true });
    vi.advanceTimersByTime(1_001);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(mask.isShown).toBe(false);
    expect(mask.renew({ leaseMs: 1_000 })).toEqual({ shown: false });
  });

  it('hides by itself when the lease runs out, unless renewed', () => {
    const expired = vi.fn();
    const mask = new Mask(document, () => {}, expired);
    expect(mask.show({ leaseMs: 1_000 })).toEqual({ shown: true });
    expect(hosts()).toBe(1);
    vi.advanceTimersByTime(900);
    expect(mask.renew({ leaseMs: 1_000 })).toEqual({ shown: true });
    vi.advanceTimersByTime(900);
    expect(hosts()).toBe(1);
    vi.advanceTimersByTime(200);
    expect(hosts()).toBe(0);
    expect(expired).toHaveBeenCalledOnce();
    expect(mask.isShown).toBe(false);
  });

  it('does not come back on a late renew, and shows once however often it is shown', () => {
    const mask = new Mask(document, () => {});
    expect(mask.renew({ leaseMs: 1_000 })).toEqual({ shown: false });
    expect(hosts()).toBe(0);
    mask.show({ leaseMs: 1_000 });
    mask.show({ leaseMs: 1_000, label: 'Booking' });
    expect(hosts()).toBe(1);
    expect(mask.hide()).toEqual({ hidden: true });
    expect(hosts()).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(hosts()).toBe(0);
  });

  it('refuses a lease that is not a sane number of milliseconds', () => {
    const mask = new Mask(document, () => {});
    expect(() => mask.show({ leaseMs: 0 })).toThrow(/leaseMs/);
    expect(() => mask.show({ leaseMs: Number.NaN })).toThrow(/leaseMs/);
    expect(() => mask.show({ leaseMs: 10 * 60_000 })).toThrow(/leaseMs/);
    expect(hosts()).toBe(0);
  });

  it('puts itself back when the page dropped it, on renew', () => {
    const mask = new Mask(document, () => {});
    mask.show({ leaseMs: 1_000 });
    document.querySelector(MASK)?.remove();
    mask.renew({ leaseMs: 1_000 });
    expect(hosts()).toBe(1);
    mask.hide();
  });
});
