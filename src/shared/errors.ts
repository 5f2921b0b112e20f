// Typed errors shared by every context. They cross the relay as plain `WireError` objects and are turned back into
// the same class on the other side (`fromWire`), so a caller can branch on `code` wherever the failure happened.

export type ErrorCode =
  // relay and transport
  | 'timeout'
  | 'no_receiver'
  | 'relay_lost'
  | 'version_mismatch'
  | 'aborted'
  | 'forbidden'
  | 'unknown_method'
  | 'context_invalidated'
  // tabs and navigation
  | 'restricted'
  | 'tab_gone'
  | 'not_owned'
  /** Another live task (in this panel or another window's) owns the tab: this one may not act on it. */
  | 'tab_taken'
  // page actions
  | 'stale_ref'
  | 'stale_snapshot'
  | 'not_interactable'
  | 'invalid_argument'
  | 'not_found'
  | 'not_allowed'
  /** The document is being replaced by a navigation in flight: an action sent to it is not run. */
  | 'page_changing'
  // anything else
  | 'internal';

export interface WireError {
  name: string;
  message: string;
  code: ErrorCode;
}

export class SteadyhandError extends Error {
  override name = 'SteadyhandError';
  readonly code: ErrorCode;
  /**
   * Page-derived words that explain the error (a page's title): the agent shows them to the model inside the
   * untrusted-content fence, apart from `message`. Set only where the error is made in the panel; never on the wire.
   */
  readonly pageText?: string;
  /**
   * The site whose permission refused the call (a `not_allowed` from the task's site gate): the person's decision, not
   * a failure to repair. Set only in the panel; never on the wire.
   */
  readonly site?: string;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; pageText?: string; site?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options?.pageText !== undefined) this.pageText = options.pageText;
    if (options?.site !== undefined) this.site = options.site;
  }

  toWire(): WireError {
    return { name: this.name, message: this.message, code: this.code };
  }
}

/** The relay between contexts failed: nothing answered, the answer was lost, or it came too late. */
export class RelayError extends SteadyhandError {
  override name = 'RelayError';
}

/** A tab cannot be used: it is gone, restricted, or not the agent's. */
export class TabError extends SteadyhandError {
  override name = 'TabError';
}

/** A task was refused a tab because another live task owns it (decision 0027): nothing was done to the tab. */
export class TabTakenError extends TabError {
  override name = 'TabTakenError';
  readonly tabId: number;

  constructor(tabId: number) {
    super(
      'tab_taken',
      `Another Steadyhand task (perhaps in another window's panel) is working on this tab, so this task did not ` +
        'start and changed nothing. Wait for that task to end, or start this one on another tab.',
    );
    this.tabId = tabId;
  }
}

/** The page refused an action: a stale ref, an element that cannot be used, a bad argument. */
export class PageError extends SteadyhandError {
  override name = 'PageError';
}

const classes: Record<string, new (code: ErrorCode, message: string) => SteadyhandError> = {
  RelayError,
  TabError,
  PageError,
  SteadyhandError,
};

export function fromWire(wire: WireError): SteadyhandError {
  const Class = classes[wire.name] ?? SteadyhandError;
  return new Class(wire.code, wire.message);
}

/** Anything thrown, as an Error. */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(typeof value === 'string' ? value : JSON.stringify(value));
}

/** Anything thrown, as a wire error (unknown errors become `internal`). */
export function toWireError(value: unknown): WireError {
  if (value instanceof SteadyhandError) return value.toWire();
  if (value instanceof DOMException && value.name === 'AbortError') {
    return { name: 'RelayError', message: 'The call was aborted.', code: 'aborted' };
  }
  const error = toError(value);
  return { name: error.name || 'Error', message: error.message, code: 'internal' };
}

export function isSteadyhandError(value: unknown, code?: ErrorCode): value is SteadyhandError {
  return value instanceof SteadyhandError && (code === undefined || value.code === code);
}
