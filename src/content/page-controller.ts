// The content script's implementation of PageApi for one document.

import { BUILD_ID } from '../shared/build';
import type { PageInfo, Pong } from '../shared/page-types';
import { type PageApi, PROTOCOL_VERSION } from '../shared/protocol';

export class PageController implements PageApi {
  constructor(
    private readonly doc: Document,
    readonly documentToken: string,
  ) {}

  ping(): Pong {
    return { pong: true, protocol: PROTOCOL_VERSION, build: BUILD_ID, documentToken: this.documentToken };
  }

  getPageInfo(): PageInfo {
    return { url: this.doc.location.href, title: this.doc.title, readyState: this.doc.readyState };
  }
}
