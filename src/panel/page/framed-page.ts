// The tab's page as the model sees it, cross-origin frames included (decision 0021). Frame 0 is reached through the
// plain proxy (remote-page.ts); a frame's content script through the relay with its frameId. `snapshot` splices each
// frame's own snapshot into frame 0's (compose-snapshot.ts); `find` and `readPage` add the frames' matches and text;
// any call whose arguments carry a frame ref (`ref`, `toRef`, any `…Ref`) goes to that frame, with the frame's own
// ref and snapshot id, so a page method added later works in frames without code of its own here. The mask is
// shown in the frames too, where it only blocks the person's input. An act (page-acts.ts) waits for the task's act
// gate (CallOptions.mayAct) before it is sent, to a frame or to frame 0 (decision 0025).

import { PageError, type SteadyhandError } from '../../shared/errors';
import type {
  ActionResult,
  FindArgs,
  FindResult,
  KeyArgs,
  Pong,
  ReadPageResult,
  Snapshot,
} from '../../shared/page-types';
import type { PageMethod } from '../../shared/protocol';
import { type CallOptions, type RemotePage, unwrap } from '../../shared/rpc';
import { safeParseOrigin } from '../../shared/urls';
import { composeSnapshot, DEFAULT_SNAPSHOT_TOKENS, MIN_FRAME_TOKENS } from './compose-snapshot';
import type { FrameAccess } from './frame-access';
import { locateFrames } from './frame-locator';
import { documentOf, FrameRefs, type KnownFrame } from './frame-refs';
import { pageOfFrames } from './frame-text';
import { refFields } from './ledgered-page';
import { isAct } from './page-acts';
import { pageProxy } from './page-proxy';
import type { Relay } from './remote-page';

const MASK_METHODS = new Set<PageMethod>(['showMask', 'renewMask', 'hideMask', 'dispose']);
/**
 * What a frame answers when the document the ref came from is gone (no script, another build, another registry, a
 * document being left). `relay_lost` is not among them: it says the action's fate is unknown, and stays so.
 */
const STALE = new Set(['no_receiver', 'version_mismatch', 'stale_snapshot', 'page_changing']);

/** A frame numbers its own elements (the panel maps them): the tab's ref floor is not sent to it. */
function withoutFloor(arg: unknown): object {
  const { refFloor: _floor, ...rest } = (arg ?? {}) as { refFloor?: unknown };
  return rest;
}

export function createFramedPage(
  tabId: number,
  top: RemotePage,
  relay: Relay,
  access: FrameAccess,
  frameRef?: () => number,
): RemotePage {
  const refs = new FrameRefs(frameRef);

  const inFrame = async (frameId: number, method: PageMethod, args: unknown[], options: CallOptions) =>
    unwrap(await relay.call(tabId, method, args, { ...options, frameId }));

  async function snapshot(args: unknown[], options: CallOptions): Promise<Snapshot> {
    const first = (await top.snapshot(...(args as [object]), options)) as Snapshot;
    refs.observeTop(first.snapshotId);
    refs.frames = [];
    refs.unread = [];
    if (!first.crossOriginFrames.some((frame) => frame.path !== undefined)) return first;
    const paths = await locateFrames(tabId, relay, access, options.signal, options.frameAllowed);
    const requested = withoutFloor(args[0]) as { maxTokens?: number; mode?: 'viewport' | 'full' };
    return composeSnapshot(first, requested.maxTokens ?? DEFAULT_SNAPSHOT_TOKENS, {
      paths,
      refs,
      ...(options.frameAllowed ? { allowed: options.frameAllowed } : {}),
      snapshotFrame: (frameId, maxTokens) =>
        inFrame(frameId, 'snapshot', [{ ...requested, maxTokens }], options) as Promise<Snapshot>,
    });
  }

  /** The frames read so far that the task's site gate lets this call reach (a site may be denied since). */
  const allowedFrames = (options: CallOptions): KnownFrame[] =>
    options.frameAllowed ? refs.frames.filter((frame) => options.frameAllowed?.(frame.src)) : refs.frames;

  /** Reads the frames the last snapshot found but did not list, so their content and refs can be reached. */
  async function readUnread(options: CallOptions): Promise<void> {
    const pending = refs.unread.splice(0);
    for (const frame of pending) {
      try {
        const snap = (await inFrame(frame.frameId, 'snapshot', [{ maxTokens: MIN_FRAME_TOKENS }], options)) as Snapshot;
        refs.observeFrame(snap.snapshotId);
        refs.frames.push({
          frameId: frame.frameId,
          documentId: documentOf(snap.snapshotId),
          src: snap.url,
          path: frame.path,
        });
      } catch (error) {
        console.debug(`[steadyhand] frame ${frame.frameId} not read:`, error);
      }
    }
  }

  async function find(args: unknown[], options: CallOptions) {
    await readUnread(options);
    const own = (await top.find(...(args as [FindArgs]), options)) as FindResult;
    const matches = [...own.matches];
    for (const frame of allowedFrames(options)) {
      try {
        const found = (await inFrame(frame.frameId, 'find', [withoutFloor(args[0])], options)) as FindResult;
        for (const match of found.matches) {
          matches.push(match.ref === undefined ? match : { ...match, ref: refs.refFor(frame, match.ref) });
        }
      } catch (error) {
        console.debug(`[steadyhand] find skipped frame ${frame.frameId}:`, error);
      }
    }
    const limit = (args[0] as { limit?: number } | undefined)?.limit;
    const issued = own.issued ? { issued: own.issued } : {};
    return { matches: limit === undefined ? matches : matches.slice(0, limit), ...issued };
  }

  async function readPage(args: unknown[], options: CallOptions): Promise<ReadPageResult> {
    await readUnread(options);
    const frames = allowedFrames(options);
    if (frames.length === 0) return top.readPage(...(args as [object]), options);
    return pageOfFrames((args[0] ?? {}) as { from?: number; maxChars?: number }, {
      readTop: (from, maxChars) => top.readPage({ from, maxChars }, options),
      frames,
      readFrame: (frameId, from, maxChars) =>
        inFrame(frameId, 'readPage', [{ from, maxChars }], options) as Promise<ReadPageResult>,
    });
  }

  /** Frame 0's answer; the frames follow its mask (shown there when it is up, hidden when it is down). */
  async function mask(method: PageMethod, args: unknown[], options: CallOptions): Promise<unknown> {
    const own = await (top[method] as (...a: unknown[]) => Promise<unknown>)(...args, options);
    const up = (own as { shown?: boolean }).shown === true;
    const frameMethod = method === 'renewMask' && up ? 'showMask' : method;
    const frameIds = [...refs.frames, ...refs.unread].map((frame) => frame.frameId);
    await Promise.all(
      frameIds.map((frameId) =>
        inFrame(frameId, frameMethod, args, { ...options, timeoutMs: 2_000 }).catch(() => {
          // A frame gone or navigated holds no focus to guard; its next document gets the mask with the next snapshot.
        }),
      ),
    );
    return own;
  }

  /** A call whose arguments name a frame ref: sent to that frame with its own ref and snapshot id. */
  async function routed(method: PageMethod, args: unknown[], fields: string[], options: CallOptions) {
    const arg = args[0] as Record<string, unknown>;
    refs.assertTop(arg.snapshotId);
    const targets = fields.map((field) => ({ field, target: refs.resolve(arg[field] as number) }));
    const [first] = targets;
    if (!first) throw new PageError('internal', 'A routed call with no ref.');
    if (targets.some(({ target }) => target.frameId !== first.target.frameId)) {
      throw new PageError('invalid_argument', `${method} cannot join elements that live in different frames.`);
    }
    if (options.frameAllowed && !options.frameAllowed(first.target.src)) {
      throw new PageError(
        'not_allowed',
        `Element [${String(arg[first.field])}] is inside a frame from ${first.target.src}, a site the person did not ` +
          'allow for this task.',
        { site: safeParseOrigin(first.target.src) ?? first.target.src },
      );
    }
    if (isAct(method)) await mayAct(options, method, first.target.src);
    const local: Record<string, unknown> = { ...arg, snapshotId: first.target.snapshotId };
    for (const { field, target } of targets) local[field] = target.localRef;
    try {
      const result = await inFrame(first.target.frameId, method, [local, ...args.slice(1)], options);
      return frameResult(result);
    } catch (error) {
      if (!STALE.has((error as SteadyhandError).code)) throw error;
      throw new PageError(
        'stale_ref',
        `Element [${String(arg[first.field])}] was inside a frame (${first.target.src}) that has since navigated or ` +
          'been removed. Take a new snapshot and use its refs.',
        { cause: error as Error },
      );
    }
  }

  /** The innermost listed frame that holds the tab's focus (frame 0 and each frame say which child has it). */
  async function focusedFrame(options: CallOptions): Promise<KnownFrame | null> {
    let pong = (await top.ping(options)) as Pong;
    let found: KnownFrame | null = null;
    for (let depth = 0; depth < 3 && pong.focusedFramePath !== undefined; depth++) {
      const next = refs.frames.find((frame) => frame.path === pong.focusedFramePath);
      if (!next) break;
      found = next;
      pong = (await inFrame(next.frameId, 'ping', [], options)) as Pong;
    }
    return found;
  }

  /** A key pressed without a ref goes where the focus is, which may be inside a cross-origin frame. */
  async function pressFocused(args: unknown[], options: CallOptions): Promise<unknown> {
    const arg = (args[0] ?? {}) as Record<string, unknown>;
    if (arg.snapshotId !== undefined) refs.assertTop(arg.snapshotId);
    const frame = await focusedFrame(options);
    if (!frame || (options.frameAllowed && !options.frameAllowed(frame.src))) {
      await mayAct(options, 'pressKey', null);
      return top.pressKey(...(args as [KeyArgs]), options);
    }
    await mayAct(options, 'pressKey', frame.src);
    const { snapshotId: _top, ...rest } = arg;
    const snapshotId = refs.snapshotOf(frame.documentId);
    const local = snapshotId ? { ...rest, snapshotId } : rest;
    return frameResult(await inFrame(frame.frameId, 'pressKey', [local], options));
  }

  async function invoke(method: PageMethod, args: unknown[], options: CallOptions): Promise<unknown> {
    if (method === 'snapshot') return snapshot(args, options);
    if (method === 'find') return find(args, options);
    if (method === 'readPage') return readPage(args, options);
    if (MASK_METHODS.has(method)) return mask(method, args, options);
    const hasRef = refFields(args[0]).some((field) => (args[0] as Record<string, unknown>)[field] !== undefined);
    if (method === 'pressKey' && !hasRef && refs.frames.length > 0) return pressFocused(args, options);
    const fields = refFields(args[0]).filter((field) =>
      FrameRefs.isFrameRef((args[0] as Record<string, unknown>)[field]),
    );
    if (fields.length > 0) {
      const all = refFields(args[0]).filter((field) => typeof (args[0] as Record<string, unknown>)[field] === 'number');
      if (all.length !== fields.length) {
        throw new PageError('invalid_argument', `${method} cannot join elements that live in different frames.`);
      }
      return routed(method, args, fields, options);
    }
    if (isAct(method)) await mayAct(options, method, null);
    return (top[method] as (...a: unknown[]) => Promise<unknown>)(...args, options);
  }

  return pageProxy(invoke);
}

/**
 * The task's act gate (CallOptions.mayAct), before an act reaches the tab's page (`frameUrl` null) or a frame: refused,
 * the call fails with `not_allowed` and nothing is sent to the page.
 */
async function mayAct(options: CallOptions, method: PageMethod, frameUrl: string | null): Promise<void> {
  const refusal = await options.mayAct?.(method, frameUrl);
  if (refusal) throw new PageError('not_allowed', refusal.reason, { site: refusal.site });
}

/**
 * A frame that navigated is not the tab navigating: the panel must not wait for a tab commit (the model's next
 * observation shows the frame's new document), so the effect is reported as the change on the page it is.
 */
function frameResult(result: unknown): unknown {
  const action = result as Partial<ActionResult> | null;
  if (!action || !Array.isArray(action.effects) || !action.effects.includes('navigation')) return result;
  const effects = action.effects.map((effect) => (effect === 'navigation' ? 'dom_change' : effect));
  const note = 'The frame it was in loaded a new page; take a new look for its refs.';
  return { ...action, effects: [...new Set(effects)], reason: action.reason ? `${action.reason} ${note}` : note };
}
