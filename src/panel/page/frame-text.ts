// readPage over frame 0 and the cross-origin frames the last snapshot listed: frame 0's text, then each frame's
// under a `[frame] <url>` line, paged the way the content script pages one document (src/content/snapshot/read-page.ts).

import { PageError } from '../../shared/errors';
import type { ReadPageResult } from '../../shared/page-types';
import { pageOfText } from '../../shared/text-pages';
import type { KnownFrame } from './frame-refs';

const DEFAULT_MAX_CHARS = 8_000;
const MAX_CHARS = 50_000;

export interface FrameTextDeps {
  readTop(from: number, maxChars: number): Promise<ReadPageResult>;
  frames: KnownFrame[];
  readFrame(frameId: number, from: number, maxChars: number): Promise<ReadPageResult>;
}

async function wholeText(read: (from: number) => Promise<ReadPageResult>): Promise<string> {
  let text = '';
  let from: number | undefined = 0;
  while (from !== undefined) {
    const part: ReadPageResult = await read(from);
    text += part.text;
    from = part.next;
  }
  return text;
}

export async function pageOfFrames(args: { from?: number; maxChars?: number }, deps: FrameTextDeps) {
  const from = args.from ?? 0;
  const maxChars = args.maxChars ?? DEFAULT_MAX_CHARS;
  if (!Number.isInteger(from) || from < 0)
    throw new PageError('invalid_argument', 'from must be a character offset (0 or more).');
  if (!Number.isInteger(maxChars) || maxChars < 200 || maxChars > MAX_CHARS) {
    throw new PageError('invalid_argument', 'maxChars must be between 200 and 50000.');
  }
  const parts = [await wholeText((at) => deps.readTop(at, MAX_CHARS))];
  for (const frame of deps.frames) {
    try {
      const inner = await wholeText((at) => deps.readFrame(frame.frameId, at, MAX_CHARS));
      if (inner) parts.push(`[frame] ${frame.src}\n${inner}`);
    } catch (error) {
      console.debug(`[steadyhand] readPage skipped frame ${frame.frameId}:`, error);
    }
  }
  return pageOfText(parts.join('\n\n'), from, maxChars);
}
