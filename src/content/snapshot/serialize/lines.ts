// How one item reads in the snapshot text: `[12] button "Add to cart"`, `[7] textbox "Email" value="a@b.c" required`,
// `## Reviews`, plain text, `[cross-origin frame] https://…`.

import type { SnapshotElement } from '../../../shared/page-types';
import type { Item } from '../collect/items';
import { clip } from '../dom/dom';
import { scrollPhrase } from '../geometry/scroll-area';

const MAX_HREF_CHARS = 60;

export function controlLine(info: SnapshotElement, origin: string, withRef: boolean): string {
  let line = withRef ? `[${info.ref}] ${info.role}` : info.role;
  if (info.name) line += ` ${JSON.stringify(info.name)}`;
  if (info.inputType) line += ` type=${info.inputType}`;
  if (info.value) line += ` value=${JSON.stringify(info.value)}`;
  if (info.checked === true) line += ' checked';
  else if (info.checked === 'mixed') line += ' mixed';
  if (info.selected) line += ' selected';
  if (info.pressed === true) line += ' pressed';
  if (info.expanded === true) line += ' expanded';
  else if (info.expanded === false) line += ' collapsed';
  if (info.disabled) line += ' disabled';
  if (info.required) line += ' required';
  if (info.readonly) line += ' readonly';
  if (info.href) {
    const href = shortHref(info.href, origin);
    if (href) line += ` → ${href}`;
  }
  if (info.scroll) line += ` ${scrollPhrase(info.scroll)}`;
  if (info.hiddenUntilHover) line += ' (shows on hover)';
  if (info.coveredBy) line += ` (covered by ${info.coveredBy})`;
  return line;
}

/** Same-origin links as a path, others as host and path; script links are left out. */
export function shortHref(href: string, origin: string): string {
  if (href.startsWith('javascript:')) return '';
  if (href.startsWith(origin) && href.charCodeAt(origin.length) === 47)
    return clip(href.slice(origin.length), MAX_HREF_CHARS);
  // A raw relative href (off-screen links keep the attribute as written): no URL parse, which throws on it.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(href)) return clip(href, MAX_HREF_CHARS);
  try {
    const url = new URL(href);
    const text = url.origin === origin ? url.pathname + url.search + url.hash : url.host + url.pathname + url.search;
    return clip(text, MAX_HREF_CHARS);
  } catch {
    return clip(href, MAX_HREF_CHARS);
  }
}

/**
 * `frameMark` (the document's ref-registry id, which the page never sees) goes on the line of a frame the panel can
 * read, with the frame's path, so page text that imitates the line cannot move a frame's content (decision 0021).
 * The digest's lines (without refs) leave it out: it is not part of the page's state.
 */
export function itemLine(item: Item, origin: string, withRef: boolean, frameMark?: string): string {
  switch (item.kind) {
    case 'control':
      return controlLine(item.info, origin, withRef);
    case 'heading':
      return `${'#'.repeat(item.level)} ${item.text}`;
    case 'text':
      return item.text;
    case 'frame': {
      // The path marks the line the panel replaces with the frame's own controls (docs/snapshot-format.md, Frames).
      const marker = withRef && frameMark && item.path !== undefined ? ` path=${item.path} in=${frameMark}` : '';
      return `[cross-origin frame${marker}] ${clip(item.src, MAX_HREF_CHARS)} (its content cannot be read from this page)`;
    }
  }
}
