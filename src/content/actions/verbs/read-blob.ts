// A download the page made itself is a blob: URL that only this document can read (decision 0022). The panel asks
// for it here when upload_file names such a download; a page that already revoked the URL has nothing left to give.

import { toBase64 } from '../../../shared/base64';
import type { BlobRead } from '../../../shared/page-types';

export async function readBlob(doc: Document, args: { url: string; maxBytes: number }): Promise<BlobRead> {
  if (!args.url.startsWith('blob:')) return { found: false, reason: 'it is not a blob: URL' };
  // new URL('blob:https://a.example/uuid').origin is the origin that made the blob.
  if (new URL(args.url).origin !== doc.location.origin) return { found: false, reason: 'another origin made it' };
  let blob: Blob;
  try {
    blob = await (await (doc.defaultView ?? window).fetch(args.url)).blob();
  } catch {
    return { found: false, reason: 'the page has already released it (revoked the blob: URL)' };
  }
  if (blob.size > args.maxBytes) return { found: false, reason: `it is larger than ${args.maxBytes} bytes` };
  return { found: true, type: blob.type, data: toBase64(new Uint8Array(await blob.arrayBuffer())) };
}
