// The page as the snapshot sees it before serialization: controls, headings, text and foreign frames, in document
// order, each placed above, in or below the viewport.

import type { Box, SnapshotElement, Viewport } from '../../../shared/page-types';
import type { Where } from '../geometry/geometry';

export interface ControlItem {
  kind: 'control';
  element: Element;
  /** The element whose box stands for it: itself, or the visible label of a hidden input. */
  anchor: Element;
  info: SnapshotElement;
  where: Where;
}

export interface HeadingItem {
  kind: 'heading';
  level: number;
  text: string;
  where: Where;
  /** Inside content the page keeps changing by itself: its text stays out of the digest. */
  volatile?: boolean;
}

export interface TextItem {
  kind: 'text';
  text: string;
  where: Where;
  /** The text without the parts the page keeps changing by itself, when there were such parts (for the digest). */
  stable?: string;
  /** The text nodes the line was made of, when the walk was asked to keep them (find). */
  nodes?: Text[];
}

export interface FrameItem {
  kind: 'frame';
  src: string;
  box: Box;
  where: Where;
  /** Where the frame sits in the tab's frame tree (frame-path.ts); absent when it cannot be placed. */
  path?: string;
}

export type Item = ControlItem | HeadingItem | TextItem | FrameItem;

export interface PageModel {
  items: Item[];
  viewport: Viewport;
  crossOriginFrames: { src: string; box: Box; path?: string }[];
}
