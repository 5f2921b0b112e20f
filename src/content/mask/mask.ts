// The mask over the agent's tab: blocks the person's input while the agent works, offers Stop, and hides itself when
// its lease is not renewed in time, so a panel that died never leaves a tab blocked (docs/architecture.md, Content
// script, mask/).

import { PageError } from '../../shared/errors';
import type { MaskArgs } from '../../shared/page-types';
import { blockInFrames, blockPersonInput } from './input-blocker';
import { createOverlay, type Overlay } from './overlay';

export const DEFAULT_MASK_LABEL = 'Steadyhand is working on this tab';
const MIN_LEASE_MS = 200;
const MAX_LEASE_MS = 120_000;

function leaseOf(args: MaskArgs): number {
  const lease = args?.leaseMs;
  if (typeof lease !== 'number' || !(lease >= MIN_LEASE_MS && lease <= MAX_LEASE_MS)) {
    throw new PageError('invalid_argument', `leaseMs must be between ${MIN_LEASE_MS} and ${MAX_LEASE_MS} ms.`);
  }
  return lease;
}

export interface MaskOptions {
  /** Draw the veil and its Stop bar (frame 0); without it the mask only blocks the person's input (a subframe). */
  veil: boolean;
}

export class Mask {
  private overlay: Overlay | null = null;
  private shown = false;
  private blocking: AbortController | null = null;
  private lease: ReturnType<typeof setTimeout> | undefined;

  /** `onStop` runs when the person presses Stop; `onExpire` when the lease ran out. */
  constructor(
    private readonly doc: Document,
    private readonly onStop: () => void,
    private readonly onExpire: () => void = () => {},
    private readonly options: MaskOptions = { veil: true },
  ) {}

  get isShown(): boolean {
    return this.shown;
  }

  show(args: MaskArgs): { shown: boolean } {
    const leaseMs = leaseOf(args);
    if (!this.shown) {
      this.shown = true;
      const overlay = this.options.veil
        ? createOverlay(this.doc, () => {
            overlay?.setStopping();
            this.onStop();
          })
        : null;
      this.overlay = overlay;
      this.blocking = new AbortController();
      const win = this.doc.defaultView;
      if (win) blockPersonInput(win, overlay, this.blocking.signal);
      blockInFrames(this.doc, overlay, this.blocking.signal);
      // Focus left inside a frame would take the person's keys where the window listeners do not reach.
      const active = this.doc.activeElement as HTMLElement | null;
      if (active && (active.localName === 'iframe' || active.localName === 'frame')) active.blur();
    }
    this.overlay?.setLabel(args.label ?? DEFAULT_MASK_LABEL);
    this.attach();
    this.arm(leaseMs);
    return { shown: true };
  }

  /** Extends the lease of a mask that is up; a mask that is down stays down (the panel shows it explicitly). */
  renew(args: MaskArgs): { shown: boolean } {
    const leaseMs = leaseOf(args);
    if (!this.shown) return { shown: false };
    if (args.label) this.overlay?.setLabel(args.label);
    this.attach();
    this.arm(leaseMs);
    return { shown: true };
  }

  hide(): { hidden: boolean } {
    clearTimeout(this.lease);
    this.blocking?.abort();
    this.blocking = null;
    this.overlay?.host.remove();
    this.overlay = null;
    this.shown = false;
    return { hidden: true };
  }

  private arm(leaseMs: number): void {
    clearTimeout(this.lease);
    this.lease = setTimeout(() => {
      this.hide();
      this.onExpire();
    }, leaseMs);
  }

  /** (Re)attaches the host: a page that rewrote its document may have dropped it. */
  private attach(): void {
    const host = this.overlay?.host;
    if (host && !host.isConnected) this.doc.documentElement.append(host);
  }
}
