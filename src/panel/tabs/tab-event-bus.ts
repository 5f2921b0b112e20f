// Fan-out of forwarded tab events inside the panel. Listeners subscribe with an AbortSignal and are gone when it
// aborts, so a wait that gives up cannot leave a listener behind.

import type { TabEvent } from '../../shared/protocol';

export type TabEventListener = (event: TabEvent) => void;

export class TabEventBus {
  private readonly listeners = new Set<TabEventListener>();

  subscribe(listener: TabEventListener, signal?: AbortSignal): () => void {
    if (signal?.aborted) return () => {};
    this.listeners.add(listener);
    const unsubscribe = () => {
      this.listeners.delete(listener);
      signal?.removeEventListener('abort', unsubscribe);
    };
    signal?.addEventListener('abort', unsubscribe, { once: true });
    return unsubscribe;
  }

  emit(event: TabEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('[steadyhand] tab event listener failed:', error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
