// Image token cost from the image's own size, read from its header: a screenshot costs about a thousand tokens, not
// the tens of thousands its base64 text would count for under the chars/4 rule.
// https://platform.claude.com/docs/en/build-with-claude/vision: "tokens = (width px * height px)/750"; images whose
// long side exceeds 1568 px are scaled down first, so no image costs more than about 1,600 tokens.

import { isObject } from './json';

const MAX_LONG_SIDE = 1568;
/** An image whose size cannot be read is charged as the largest one. */
const UNKNOWN_IMAGE_TOKENS = 1600;
/** Enough base64 for the header of a PNG or GIF and the frame marker of most JPEGs (after EXIF). */
const HEADER_CHARS = 256 * 1024;

interface Size {
  width: number;
  height: number;
}

function pngSize(bytes: Buffer): Size | undefined {
  if (bytes.length < 24 || bytes.readUInt32BE(0) !== 0x89504e47) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gifSize(bytes: Buffer): Size | undefined {
  if (bytes.length < 10 || bytes.toString('ascii', 0, 4) !== 'GIF8') return undefined;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** Walks the JPEG segments to the first start-of-frame marker (C0–CF, except C4, C8 and CC, which are not frames). */
function jpegSize(bytes: Buffer): Size | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

function sizeOf(source: unknown): Size | undefined {
  if (!isObject(source) || source.type !== 'base64' || typeof source.data !== 'string') return undefined;
  const bytes = Buffer.from(source.data.slice(0, HEADER_CHARS), 'base64');
  return pngSize(bytes) ?? gifSize(bytes) ?? jpegSize(bytes);
}

export function imageTokens(source: unknown): number {
  const size = sizeOf(source);
  if (!size || size.width === 0 || size.height === 0) return UNKNOWN_IMAGE_TOKENS;
  const scale = Math.min(1, MAX_LONG_SIDE / Math.max(size.width, size.height));
  const tokens = Math.ceil((size.width * scale * (size.height * scale)) / 750);
  return Math.min(tokens, UNKNOWN_IMAGE_TOKENS);
}
