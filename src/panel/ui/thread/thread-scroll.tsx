import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../i18n';

/** How close to the end (px) still counts as reading the newest message. */
const NEAR_END_PX = 48;

/**
 * The scrolling part of the task view, between the tab line and the composer: the composer and its Stop button never
 * move while the thread streams. It follows new messages while the person reads at the end, and stays put when they
 * scrolled up to read something earlier. Focusable, so the keyboard can scroll it.
 */
export function ThreadScroll({ children, version }: { children: ComponentChildren; version: unknown }) {
  const box = useRef<HTMLElement>(null);
  const atEnd = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [version]);
  return (
    <section
      ref={box}
      class="thread-scroll"
      data-testid="thread-scroll"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
      tabIndex={0}
      aria-label={t('threadLabel')}
      onScroll={(event) => {
        const el = event.currentTarget;
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
      }}
    >
      {children}
    </section>
  );
}
