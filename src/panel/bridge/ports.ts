// What the connector needs from the browser, as ports: the WebSocket (chrome/bridge-socket.ts) and a Web Lock held
// while work runs (chrome/web-locks.ts). Unit tests give fakes; the composition root gives the real ones.

export interface SocketEvents {
  onOpen(): void;
  onMessage(text: string): void;
  /** Once, whether the socket failed to open or closed later. */
  onClose(code: number, reason: string): void;
}

export interface BridgeSocket {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/** Opens a WebSocket to `url`; its events arrive through `events`. */
export type DialBridge = (url: string, events: SocketEvents) => BridgeSocket;

/**
 * Waits for the lock `name` (shared by every page of the extension), runs `work` holding it, and lets it go when
 * `work` settles. Resolves without running `work` when `signal` aborts first.
 */
export type HoldLock = (name: string, signal: AbortSignal, work: () => Promise<void>) => Promise<void>;

export interface BridgeAdapters {
  dial: DialBridge;
  holdLock: HoldLock;
}
