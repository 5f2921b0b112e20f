// One snapshot of the whole tab for the model: frame 0's, with each cross-origin frame's own snapshot spliced in
// under the frame's line, indented, its refs renumbered into the tab's frame range (frame-refs.ts) and its boxes
// moved by the frame's position (docs/snapshot-format.md, Frames; decision 0021).

import type { Box, Snapshot, SnapshotElement } from '../../shared/page-types';
import { estimateTokens } from '../../shared/token-estimate';
import { documentOf, type FrameRefs, type KnownFrame } from './frame-refs';

/**
 * The line a document's script writes for a frame it cannot read and the panel may (src/content/snapshot/serialize/lines.ts):
 * its path, and the document's own id, which its page never sees, so page text cannot pass for it.
 */
const FRAME_LINE =
  /^(\s*)\[cross-origin frame path=([\d.]+) in=([\w-]+)\] (.*) \(its content cannot be read from this page\)$/;
const REF_AT_START = /^(\s*)\[(\d+)\] /;
const INDENT = '  ';
/** Frames inside frames inside frames: deeper than this is listed, not read. */
const MAX_DEPTH = 3;
/** The least a frame's own snapshot is given (the content script's minimum budget). */
export const MIN_FRAME_TOKENS = 200;
export const DEFAULT_SNAPSHOT_TOKENS = 2_000;

export interface ComposeDeps {
  /** Path in the tab's frame tree → frameId (frame-locator.ts). */
  paths: Map<string, number>;
  snapshotFrame(frameId: number, maxTokens: number): Promise<Snapshot>;
  refs: FrameRefs;
  /** The task's site gate: a frame whose address it refuses is listed as not read, and why. */
  allowed?: (url: string) => boolean;
}

interface Node {
  snapshot: Snapshot;
  /** The frame's top-left corner in frame 0's viewport. */
  dx: number;
  dy: number;
  /** null for frame 0, whose refs are the model's as they are. */
  frame: KnownFrame | null;
  depth: number;
}

interface Composed {
  lines: string[];
  elements: SnapshotElement[];
  digests: string[];
  truncated: boolean;
  counts: NonNullable<Snapshot['counts']>;
}

const unreadable = (indent: string, src: string) =>
  `${indent}[cross-origin frame] ${src} (its content cannot be read: the browser keeps extensions out of it, or it did not answer)`;
const notAllowed = (indent: string, src: string) =>
  `${indent}[cross-origin frame] ${src} (not read: the person did not allow this site for this task)`;

export async function composeSnapshot(top: Snapshot, maxTokens: number, deps: ComposeDeps): Promise<Snapshot> {
  let remaining = maxTokens - top.tokens;
  deps.refs.frames = [];
  deps.refs.unread = [];

  const compose = async (node: Node): Promise<Composed> => {
    const { snapshot, frame } = node;
    const mapRef = (ref: number) => (frame ? deps.refs.refFor(frame, ref) : ref);
    const out: Composed = {
      lines: [],
      elements: snapshot.elements.map((element) => ({
        ...element,
        ref: mapRef(element.ref),
        box: moved(element.box, node.dx, node.dy),
      })),
      digests: [snapshot.digest],
      truncated: snapshot.truncated,
      counts: { ...(snapshot.counts ?? { controls: 0, listed: 0, onScreen: 0, aboveViewport: 0, belowViewport: 0 }) },
    };
    for (const [index, line] of snapshot.text.split('\n').entries()) {
      const match = FRAME_LINE.exec(line);
      if (!match) {
        const renumbered = frame
          ? line.replace(REF_AT_START, (_, pad: string, ref: string) => `${pad}[${mapRef(Number(ref))}] `)
          : line;
        out.lines.push(
          frame && index === 0
            ? renumbered.replace(/^Viewport /, 'Frame viewport ').replace('the whole page fits', 'the whole frame fits')
            : renumbered,
        );
        continue;
      }
      const [, indent = '', path = '', mark = '', src = ''] = match;
      if (mark !== documentOf(snapshot.snapshotId)) {
        out.lines.push(line); // text of the page that looks like a frame's line: left as the page wrote it
        continue;
      }
      const frameId = deps.paths.get(path);
      const entry = snapshot.crossOriginFrames.find((f) => f.path === path);
      if (frameId === undefined || !entry || node.depth >= MAX_DEPTH) {
        out.lines.push(deps.allowed && !deps.allowed(src) ? notAllowed(indent, src) : unreadable(indent, src));
        continue;
      }
      let child: Snapshot;
      try {
        child = await deps.snapshotFrame(frameId, Math.max(MIN_FRAME_TOKENS, Math.min(remaining, maxTokens)));
      } catch (error) {
        console.debug(`[steadyhand] frame ${frameId} gave no snapshot:`, error);
        out.lines.push(unreadable(indent, src));
        continue;
      }
      remaining -= child.tokens;
      deps.refs.observeFrame(child.snapshotId);
      const known: KnownFrame = { frameId, documentId: documentOf(child.snapshotId), src: child.url, path };
      deps.refs.frames.push(known);
      const inner = await compose({
        snapshot: child,
        dx: node.dx + entry.box.x,
        dy: node.dy + entry.box.y,
        frame: known,
        depth: node.depth + 1,
      });
      out.lines.push(`${indent}[frame] ${src} (another site: its content follows, indented)`);
      for (const innerLine of inner.lines) out.lines.push(`${indent}${INDENT}${innerLine}`);
      out.elements.push(...inner.elements);
      out.digests.push(...inner.digests);
      out.truncated ||= inner.truncated;
      for (const key of Object.keys(out.counts) as (keyof Composed['counts'])[]) out.counts[key] += inner.counts[key];
    }
    // Frames this snapshot does not list (off screen): not read now, but `find`, `readPage` and the mask reach them.
    for (const entry of snapshot.crossOriginFrames) {
      const frameId = entry.path === undefined ? undefined : deps.paths.get(entry.path);
      if (frameId === undefined || entry.path === undefined || node.depth >= MAX_DEPTH) continue;
      if (deps.refs.frames.some((known) => known.frameId === frameId)) continue;
      deps.refs.unread.push({ frameId, src: entry.src, path: entry.path });
    }
    return out;
  };

  const whole = await compose({ snapshot: top, dx: 0, dy: 0, frame: null, depth: 0 });
  const text = whole.lines.join('\n');
  const located = new Map([...deps.paths].map(([path, frameId]) => [path, frameId]));
  return {
    ...top,
    text,
    elements: whole.elements,
    // Progress detection compares digests for equality: the frames' states are part of the page's.
    digest: whole.digests.join('+'),
    tokens: estimateTokens(text),
    truncated: whole.truncated,
    crossOriginFrames: top.crossOriginFrames.map((f) => {
      const frameId = f.path === undefined ? undefined : located.get(f.path);
      return frameId === undefined ? f : { ...f, frameId };
    }),
    counts: whole.counts,
  };
}

function moved(box: Box, dx: number, dy: number): Box {
  return dx === 0 && dy === 0 ? box : { ...box, x: box.x + dx, y: box.y + dy };
}
