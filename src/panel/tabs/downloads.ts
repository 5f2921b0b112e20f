// The downloads of the running task. The worker forwards every download the browser starts; a DownloadItem names no
// tab, so one is the task's when it was started while the task runs from a page one of the task's tabs shows: its
// `referrer` is that page's URL (or only its origin, for a file on another origin), or, for a blob: URL made by a
// page (which carries no referrer), the blob's origin is the origin of one of the task's tabs (decision 0022). A download the person starts elsewhere is not the task's.
// A URL names no tab either, and two tasks (two windows' panels) may show the same page: so where Chrome saw which tab
// requested the file (webRequest names the tab of a download's request), that tab decides, and a download reaches only
// the task whose tab started it (decision 0027). A blob: download makes no request; the page rule stays for it.

import type { DownloadInfo, TabEvent } from '../../shared/protocol';
import type { DownloadReport } from '../agent';
import type { TabEventBus } from './tab-event-bus';

export interface DownloadTrackerDeps {
  bus: TabEventBus;
  /** The URLs the task's tabs show now, or null when no task runs (nothing is the task's then). */
  taskUrls(): Promise<string[] | null>;
  /** The ids of the task's tabs now, or null when no task runs. */
  taskTabIds?(): Promise<number[] | null>;
  /** The tabs Chrome saw request this URL lately (src/panel/chrome/request-tabs.ts); empty when none did. */
  requestTabs?(url: string): readonly number[];
  signal: AbortSignal;
}

interface Tracked {
  info: DownloadInfo;
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A referrer cut to its origin: what the default referrer policy sends for a file on another origin (a CDN). */
function isOriginOnly(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' && parsed.search === '' && `${parsed.origin}/` === url;
  } catch {
    return false;
  }
}

/** Whether a download started from one of these pages. */
export function startedFrom(download: DownloadInfo, pageUrls: readonly string[]): boolean {
  const pages = pageUrls.map(withoutFragment);
  if (download.referrer) {
    if (pages.includes(withoutFragment(download.referrer))) return true;
    // strict-origin-when-cross-origin (the default policy) sends only the page's origin with a request to another
    // origin (https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Referrer-Policy).
    const origin = originOf(download.referrer);
    const crossOrigin = originOf(download.url) !== origin;
    return crossOrigin && isOriginOnly(download.referrer) && pages.some((page) => originOf(page) === origin);
  }
  if (download.url.startsWith('blob:')) {
    // new URL('blob:https://a.example/uuid').origin is the origin that made the blob.
    const origin = originOf(download.url);
    return origin !== null && origin !== 'null' && pages.some((page) => originOf(page) === origin);
  }
  return false;
}

/** The file's name: the last part of the path the browser chose, else of the URL. */
export function downloadName(info: DownloadInfo): string {
  const fromPath = info.filename.split(/[\\/]/).pop();
  if (fromPath) return fromPath;
  try {
    const path = new URL(info.finalUrl || info.url).pathname;
    return decodeURIComponent(path.split('/').pop() || '') || 'download';
  } catch {
    return 'download';
  }
}

export function report(info: DownloadInfo): DownloadReport {
  const size = info.fileSize >= 0 && info.state === 'complete' ? info.fileSize : info.totalBytes;
  return {
    id: info.id,
    name: downloadName(info),
    size: size > 0 || info.state === 'complete' ? Math.max(size, 0) : null,
    mime: info.mime,
    state: info.state,
    ...(info.error ? { error: info.error } : {}),
  };
}

export class DownloadTracker {
  readonly #deps: DownloadTrackerDeps;
  #tracked: Tracked[] = [];
  /** Changes of downloads not yet attributed (the attribution waits for the tab list). */
  readonly #early = new Map<number, DownloadInfo>();
  readonly #waiters = new Set<() => void>();
  /** Attributions under way (each waits for the task's tab list), so a step's report does not miss one. */
  readonly #attributing = new Set<Promise<void>>();

  constructor(deps: DownloadTrackerDeps) {
    this.#deps = deps;
    deps.bus.subscribe((event) => this.#on(event), deps.signal);
  }

  /** A new task begins: the last task's downloads are no longer listed. */
  reset(): void {
    this.#tracked = [];
    this.#early.clear();
    this.#notify();
  }

  get count(): number {
    return this.#tracked.length;
  }

  list(): DownloadReport[] {
    return this.#tracked.map((tracked) => report(tracked.info));
  }

  /** The newest download of this task with that name, as the browser last described it. */
  info(name: string): DownloadInfo | undefined {
    return [...this.#tracked].reverse().find((tracked) => downloadName(tracked.info) === name)?.info;
  }

  /**
   * The newest download of this task named `name`, waiting up to `maxMs` for it to be known. The browser tells the
   * worker of a new download, the worker the panel, and the panel then works out whose it is: under load that can
   * come after the step that started it has ended, and the next call (an upload of the file) would be told there is
   * no such file (CI, 2026-11-28: test/e2e/sites-download-deputy.e2e.ts on a busy machine).
   */
  async whenNamed(name: string, options: { maxMs: number; signal: AbortSignal }): Promise<DownloadInfo | undefined> {
    await Promise.all(this.#attributing);
    await this.#until(() => this.info(name) !== undefined, options);
    return this.info(name);
  }

  /** Resolves with the downloads past `cursor` once none is in progress, or when `maxMs` passes or `signal` aborts. */
  async after(cursor: number, options: { maxMs: number; signal: AbortSignal }): Promise<DownloadReport[]> {
    await Promise.all(this.#attributing);
    const pending = () => this.#tracked.slice(cursor).some((tracked) => tracked.info.state === 'in_progress');
    await this.#until(() => !pending(), options);
    return this.#tracked.slice(cursor).map((tracked) => report(tracked.info));
  }

  /** Resolves once `holds()` is true (checked now and on each change), or when `maxMs` passes or `signal` aborts. */
  #until(holds: () => boolean, options: { maxMs: number; signal: AbortSignal }): Promise<void> {
    if (holds() || options.signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        options.signal.removeEventListener('abort', done);
        resolve();
      };
      const check = () => {
        if (holds()) done();
      };
      const timer = setTimeout(done, options.maxMs);
      this.#waiters.add(check);
      options.signal.addEventListener('abort', done, { once: true });
    });
  }

  #on(event: TabEvent): void {
    if (event.type === 'downloadCreated') {
      const attribution = this.#created(event.download);
      this.#attributing.add(attribution);
      void attribution.finally(() => this.#attributing.delete(attribution));
    }
    if (event.type === 'downloadChanged') {
      const tracked = this.#tracked.find((t) => t.info.id === event.change.id);
      const early = this.#early.get(event.change.id);
      if (tracked) tracked.info = { ...tracked.info, ...event.change };
      else if (early) this.#early.set(event.change.id, { ...early, ...event.change });
      this.#notify();
    }
  }

  async #created(download: DownloadInfo): Promise<void> {
    this.#early.set(download.id, download);
    const ours = await this.#isTasks(download).catch(() => false);
    const latest = { ...download, ...this.#early.get(download.id) };
    this.#early.delete(download.id);
    if (!ours) return;
    this.#tracked.push({ info: latest });
    this.#notify();
  }

  /** Whether the download is this task's: by the tab that requested it when Chrome says, else by the page it came from. */
  async #isTasks(download: DownloadInfo): Promise<boolean> {
    const requesters = this.#deps.requestTabs?.(download.url) ?? [];
    if (requesters.length > 0 && this.#deps.taskTabIds) {
      const ids = await this.#deps.taskTabIds();
      return ids !== null && requesters.some((id) => ids.includes(id));
    }
    const urls = await this.#deps.taskUrls();
    return urls !== null && startedFrom(download, urls);
  }

  #notify(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
