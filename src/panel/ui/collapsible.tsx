import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { t } from './i18n';

/** Past this many characters, or lines, a message opens collapsed: a 6,000-character task must not fill the thread. */
export const COLLAPSE_CHARS = 600;
export const COLLAPSE_LINES = 8;

export function isLong(text: string): boolean {
  return text.length > COLLAPSE_CHARS || text.split('\n').length > COLLAPSE_LINES;
}

interface Props {
  text: string;
  /** The class of the text's paragraph (e.g. `bubble`). */
  class?: string;
  testId?: string;
  /** Shown before the text inside the paragraph (e.g. a visually hidden "Follow-up:"). */
  children?: ComponentChildren;
}

/**
 * A message that may be long: the person's task, a follow-up, the agent's answer. A long one shows its first lines
 * (CSS line-clamp, thread.css) and a Show more / Show less button; the whole text stays in the DOM, so a screen
 * reader and find-in-page reach it either way.
 */
export function Collapsible({ text, class: className = '', testId, children }: Props) {
  const long = isLong(text);
  const [open, setOpen] = useState(false);
  const collapsed = long && !open;
  return (
    <div class={`collapsible${collapsed ? ' collapsed' : ''}`}>
      <p class={className} data-testid={testId} data-collapsed={collapsed ? 'true' : undefined}>
        {children}
        <span class="collapsible-text">{text}</span>
      </p>
      {long && (
        <button
          type="button"
          class="link-button show-more"
          data-testid="show-more"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {t(open ? 'showLess' : 'showMore')}
        </button>
      )}
    </div>
  );
}
