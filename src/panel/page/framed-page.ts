// The tab's page as the model sees it, cross-origin frames included (decision 0021). Frame 0 is reached through the
// plain proxy (remote-page.ts); a frame's content script through the relay with its frameId. `snapshot` splices each
// frame's own snapshot into frame 0's (compose-snapshot.ts); `find` and `readPage` add the frames' matches and text;
// any call whose arguments carry a frame ref (`ref`, `toRef`, any `…Ref`) goes to that frame, with the frame's own
// ref and snapshot id, so a page method added later works in frames without code of its own here. The mask is
// shown in the frames too, where it only blocks the person's input. An act (page-acts.ts) waits for the task's act
// gate (CallOptions.mayAct) before it is sent, to a frame or to frame 0 (issue 24).

import { PageError, type SteadyhandError } from '../../shared/errors';
import type {
  ActionResult,
  FindArgs,
  FindResult,
  KeyArgs,
  ReadPageResult,
  Snapshot,
  SnapshotOptions,
} from '../../shared/page-types';
import type { PageArgs, PageMethod } from '../../shared/protocol';
import type { CallOptions, RemotePage } from '../../shared/rpc';
import { safeParseOrigin } from '../../shared/urls';
import { composeSnapshot, DEFAULT_SNAPSHOT_TOKENS, MIN_FRAME_TOKENS } from './compose-snapshot';
import type { FrameAccess } from './frame-access';
import { locateFrames } from './frame-locator';
import { documentOf, FrameRefs, type KnownFrame } from './frame-refs';
import { pageOfFrames } from './frame-text';
import { fieldsOf, isActionResult, refFields } from './ledgered-page';
import { isAct } from './page-acts';
import { forwardTo, pageProxy } from './page-proxy';
import { framePage, type Relay } from './remote-page';

/**
 * What a frame answers when the document the ref came from is gone (no script, another build, another registry, a
 * document being left). `relay_lost` is not among them: it says the action's fate is unknown, and stays so.
 */
const STALE = new Set(['no_receiver', 'version_mismatch', 'stale_snapshot', 'page_changing']);

/** A frame numbers its own elements (the panel maps them): the tab's ref floor is not sent to it. */
function withoutFloor<T extends { refFloor?: unknown }>(arg: T): Omit<T, 'refFloor'> {
  const { refFloor: _floor, ...rest } = arg;
  return rest;
}

/** A ref a call names, and the field it is in. */
interface RefField {
  field: string;
  ref: number;
}

export function createFramedPage(
  tabId: number,
  top: RemotePage,
  relay: Relay,
  access: FrameAccess,
  frameRef?: () => number,
): RemotePage {
  const refs = new FrameRefs(frameRef);
  const toTop = forwardTo(top);

  const framePages = new Map<number, RemotePage>();
  /** A frame's page, reached by its frameId; a frame's document answers for itself (decision 0021). */
  const frame = (frameId: number): RemotePage => {
    const known = framePages.get(frameId) ?? framePage(tabId, relay, frameId);
    framePages.set(frameId, known);
    return known;
  };
  /** A call carried to a frame as it is, its arguments rewritten for the frame's document. */
  const toFrame = (frameId: number, method: PageMethod, args: unknown, options: CallOptions) =>
    forwardTo(frame(frameId))(method, args, options);

  async function snapshot(args: SnapshotOptions, options: CallOptions): Promise<Snapshot> {
    const first = await top.snapshot(args, options);
    refs.observeTop(first.snapshotId);
    refs.frames = [];
    refs.unread = [];
    if (!first.crossOriginFrames.some((frame) => frame.path !== undefined)) return first;
    const paths = await locateFrames(tabId, relay, access, options.signal, options.frameAllowed);
    const requested = withoutFloor(args);
    return composeSnapshot(first, requested.maxTokens ?? DEFAULT_SNAPSHOT_TOKENS, {
      paths,
      refs,
      ...(options.frameAllowed ? { allowed: options.frameAllowed } : {}),
      snapshotFrame: (frameId, maxTokens) => frame(frameId).snapshot({ ...requested, maxTokens }, options),
    });
  }

  /** The frames read so far that the task's site gate lets this call reach (a site may be denied since). */
  const allowedFrames = (options: CallOptions): KnownFrame[] =>
    options.frameAllowed ? refs.frames.filter((frame) => options.frameAllowed?.(frame.src)) : refs.frames;

  /** Reads the frames the last snapshot found but did not list, so their content and refs can be reached. */
  async function readUnread(options: CallOptions): Promise<void> {
    const pending = refs.unread.splice(0);
    for (const unread of pending) {
      try {
        const snap = await frame(unread.frameId).snapshot({ maxTokens: MIN_FRAME_TOKENS }, options);
        refs.observeFrame(snap.snapshotId);
        refs.frames.push({
          frameId: unread.frameId,
          documentId: documentOf(snap.snapshotId),
          src: snap.url,
          path: unread.path,
        });
      } catch (error) {
        console.debug(`[steadyhand] frame ${unread.frameId} not read:`, error);
      }
    }
  }

  async function find(args: FindArgs, options: CallOptions): Promise<FindResult> {
    await readUnread(options);
    const own = await top.find(args, options);
    const matches = [...own.matches];
    for (const known of allowedFrames(options)) {
      try {
        const found = await frame(known.frameId).find(withoutFloor(args), options);
        for (const match of found.matches) {
          matches.push(match.ref === undefined ? match : { ...match, ref: refs.refFor(known, match.ref) });
        }
      } catch (error) {
        console.debug(`[steadyhand] find skipped frame ${known.frameId}:`, error);
      }
    }
    const issued = own.issued ? { issued: own.issued } : {};
    return { matches: args.limit === undefined ? matches : matches.slice(0, args.limit), ...issued };
  }

  async function readPage(args: PageArgs<'readPage'>, options: CallOptions): Promise<ReadPageResult> {
    await readUnread(options);
    const frames = allowedFrames(options);
    if (frames.length === 0) return top.readPage(args, options);
    return pageOfFrames(args ?? {}, {
      readTop: (from, maxChars) => top.readPage({ from, maxChars }, options),
      frames,
      readFrame: (frameId, from, maxChars) => frame(frameId).readPage({ from, maxChars }, options),
    });
  }

  /** Frame 0's answer; the frames follow its mask (shown there when it is up, hidden when it is down). */
  async function followed<R>(own: R, method: PageMethod, args: unknown, options: CallOptions) {
    const frameIds = [...refs.frames, ...refs.unread].map((frame) => frame.frameId);
    await Promise.all(
      frameIds.map((frameId) =>
        toFrame(frameId, method, args, { ...options, timeoutMs: 2_000 }).catch(() => {
          // A frame gone or navigated holds no focus to guard; its next document gets the mask with the next snapshot.
        }),
      ),
    );
    return own;
  }

  /** A call whose arguments name a frame ref: sent to that frame with its own ref and snapshot id. */
  async function routed(method: PageMethod, arg: Record<string, unknown>, named: RefField[], options: CallOptions) {
    refs.assertTop(arg.snapshotId);
    const targets = named.map(({ field, ref }) => ({ field, target: refs.resolve(ref) }));
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
      return frameResult(await toFrame(first.target.frameId, method, local, options));
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
    let pong = await top.ping(undefined, options);
    let found: KnownFrame | null = null;
    for (let depth = 0; depth < 3 && pong.focusedFramePath !== undefined; depth++) {
      const next = refs.frames.find((frame) => frame.path === pong.focusedFramePath);
      if (!next) break;
      found = next;
      pong = await frame(next.frameId).ping(undefined, options);
    }
    return found;
  }

  /** A key pressed without a ref goes where the focus is, which may be inside a cross-origin frame. */
  async function pressFocused(args: KeyArgs, options: CallOptions): Promise<ActionResult> {
    if (args.snapshotId !== undefined) refs.assertTop(args.snapshotId);
    const focused = await focusedFrame(options);
    if (!focused || (options.frameAllowed && !options.frameAllowed(focused.src))) {
      await mayAct(options, 'pressKey', null);
      return top.pressKey(args, options);
    }
    await mayAct(options, 'pressKey', focused.src);
    const { snapshotId: _top, ...rest } = args;
    const snapshotId = refs.snapshotOf(focused.documentId);
    const local = snapshotId ? { ...rest, snapshotId } : rest;
    return frameResult(await frame(focused.frameId).pressKey(local, options));
  }

  /**
   * Any other call: to the frame its refs live in, else to frame 0. A page method added later works in frames
   * without code of its own here.
   */
  async function invoke(method: PageMethod, args: unknown, options: CallOptions): Promise<unknown> {
    const arg = fieldsOf(args);
    const named = refFields(arg).flatMap((field) => {
      const ref = arg[field];
      return typeof ref === 'number' ? [{ field, ref }] : [];
    });
    const inFrames = named.filter(({ ref }) => FrameRefs.isFrameRef(ref));
    if (inFrames.length > 0) {
      if (named.length !== inFrames.length) {
        throw new PageError('invalid_argument', `${method} cannot join elements that live in different frames.`);
      }
      return routed(method, arg, inFrames, options);
    }
    if (isAct(method)) await mayAct(options, method, null);
    return toTop(method, args, options);
  }

  return pageProxy(invoke, {
    snapshot,
    find,
    readPage,
    showMask: async (args, options) => followed(await top.showMask(args, options), 'showMask', args, options),
    renewMask: async (args, options) => {
      const own = await top.renewMask(args, options);
      return followed(own, own.shown ? 'showMask' : 'renewMask', args, options);
    },
    hideMask: async (args, options) => followed(await top.hideMask(args, options), 'hideMask', args, options),
    dispose: async (args, options) => followed(await top.dispose(args, options), 'dispose', args, options),
    pressKey: (args, options, next) => {
      const hasRef = refFields(args).some((field) => fieldsOf(args)[field] !== undefined);
      return hasRef || refs.frames.length === 0 ? next(args, options) : pressFocused(args, options);
    },
  });
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
function frameResult<T>(result: T): T {
  if (!isActionResult(result) || !result.effects.includes('navigation')) return result;
  const effects = result.effects.map((effect) => (effect === 'navigation' ? 'dom_change' : effect));
  const note = 'The frame it was in loaded a new page; take a new look for its refs.';
  return { ...result, effects: [...new Set(effects)], reason: result.reason ? `${result.reason} ${note}` : note };
}
