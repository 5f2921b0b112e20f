// The real side panel, opened with chrome.sidePanel.open and driven over raw CDP.
//
// Why raw CDP: the side panel's page is a CDP target of type "page", but Chromium does not auto-attach it to the
// browser session the way it does tabs, so Playwright never creates a Page for it (context.pages() and the 'page'
// event miss it; microsoft/playwright#26693). Attaching from a browser CDP session works; the attach is
// non-flattened because Playwright's CDPSession cannot address a flattened child session, so commands travel in
// Target.sendMessageToTarget and answers in Target.receivedMessageFromTarget.

import type { CDPSession, Page } from 'playwright-core';
import type { ExtensionHarness } from '../support/extension';

interface CdpAnswer {
  id: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

interface RemoteValue {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

const TARGET_TIMEOUT_MS = 15_000;

/** CDP key events of the keys a keyboard-only person uses in the panel. */
const KEYS = {
  Tab: { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9, text: '' },
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13, text: '\r' },
  Escape: { key: 'Escape', code: 'Escape', windowsVirtualKeyCode: 27, nativeVirtualKeyCode: 27, text: '' },
  Space: { key: ' ', code: 'Space', windowsVirtualKeyCode: 32, nativeVirtualKeyCode: 32, text: ' ' },
} as const;

export class SidePanelSession {
  readonly #browser: CDPSession;
  readonly #sessionId: string;
  readonly #pending = new Map<number, (answer: CdpAnswer) => void>();
  #nextId = 0;

  private constructor(browser: CDPSession, sessionId: string) {
    this.#browser = browser;
    this.#sessionId = sessionId;
    browser.on('Target.receivedMessageFromTarget', (event) => {
      if (event.sessionId !== this.#sessionId) return;
      const answer = JSON.parse(event.message) as Partial<CdpAnswer>;
      if (typeof answer.id !== 'number') return; // an event of the side panel's page; none are enabled
      this.#pending.get(answer.id)?.(answer as CdpAnswer);
      this.#pending.delete(answer.id);
    });
  }

  /**
   * Opens the window's side panel from `opener` (an extension page, so chrome.sidePanel is there; Playwright's
   * evaluate runs with a user gesture, which sidePanel.open requires) and attaches to the page it shows.
   */
  static async open(harness: ExtensionHarness, opener: Page): Promise<SidePanelSession> {
    const browser = await harness.context.browser()?.newBrowserCDPSession();
    if (!browser) throw new Error('The extension harness has no browser to open a CDP session on.');
    const panelUrl = harness.panelUrl;
    // The panel pages open as tabs are targets with the same URL: only a new one is the side panel.
    const { targetInfos } = await browser.send('Target.getTargets');
    const tabs = new Set(targetInfos.filter((info) => info.url === panelUrl).map((info) => info.targetId));
    // Chromium creates the side panel's contents ahead (a target of type "other" with no URL) and turns it into a
    // "page" at the panel's URL when it opens, so both events are watched.
    const shown = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No side panel target for ${panelUrl} within ${TARGET_TIMEOUT_MS} ms.`)),
        TARGET_TIMEOUT_MS,
      );
      const onTarget = ({ targetInfo }: { targetInfo: { targetId: string; type: string; url: string } }) => {
        if (targetInfo.type !== 'page' || targetInfo.url !== panelUrl || tabs.has(targetInfo.targetId)) return;
        clearTimeout(timer);
        resolve(targetInfo.targetId);
      };
      browser.on('Target.targetCreated', onTarget);
      browser.on('Target.targetInfoChanged', onTarget);
    });
    // Handled here too, so a failing open() below does not leave the timeout's rejection unhandled.
    shown.catch(() => {});
    await browser.send('Target.setDiscoverTargets', { discover: true });
    await opener.evaluate(async () => {
      const { id } = await chrome.windows.getCurrent();
      if (id === undefined) throw new Error('The opener has no window.');
      await chrome.sidePanel.open({ windowId: id });
    });
    const targetId = await shown;
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: false });
    return new SidePanelSession(browser, sessionId);
  }

  async send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = ++this.#nextId;
    const answer = new Promise<CdpAnswer>((resolve) => this.#pending.set(id, resolve));
    await this.#browser.send('Target.sendMessageToTarget', {
      sessionId: this.#sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    const { result, error } = await answer;
    if (error) throw new Error(`${method} failed in the side panel: ${error.message}`);
    return result ?? {};
  }

  /** Evaluates an expression in the side panel (awaiting a promise) and returns its JSON value. */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = (await this.send('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    })) as unknown as RemoteValue;
    if (answer.exceptionDetails) {
      const detail = answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text;
      throw new Error(`Evaluating in the side panel failed: ${detail}`);
    }
    return answer.result.value as T;
  }

  /** Focuses the element `selector` finds, types `text` as keyboard input, and optionally presses Enter. */
  async type(selector: string, text: string, { enter = false } = {}): Promise<void> {
    const found = await this.evaluate<boolean>(
      `(() => { const el = document.querySelector(${JSON.stringify(selector)}); el?.focus(); return !!el; })()`,
    );
    if (!found) throw new Error(`Nothing in the side panel matches ${selector}.`);
    await this.send('Input.insertText', { text });
    if (!enter) return;
    const key = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
    await this.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', ...key });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  }

  /** Presses a key (Tab, Enter, Escape, Space), with Shift when asked, as keyboard input to the focused element. */
  async press(name: keyof typeof KEYS, { shift = false } = {}): Promise<void> {
    const { text, ...key } = KEYS[name];
    const modifiers = shift ? 8 : 0;
    await this.send('Input.dispatchKeyEvent', { type: 'keyDown', modifiers, ...(text ? { text } : {}), ...key });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', modifiers, ...key });
  }

  /** Ctrl+A in the focused field: selects its text, so what is typed next replaces it. */
  async selectAll(): Promise<void> {
    const key = { key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65, nativeVirtualKeyCode: 65, modifiers: 2 };
    await this.send('Input.dispatchKeyEvent', { type: 'keyDown', commands: ['selectAll'], ...key });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  }

  /** Types `text` into the focused element, as keyboard input. */
  async insertText(text: string): Promise<void> {
    await this.send('Input.insertText', { text });
  }

  /** Whether the focused element matches `selector`. */
  focusedMatches(selector: string): Promise<boolean> {
    return this.evaluate<boolean>(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`);
  }

  /**
   * Presses Tab until the focused element matches `selector`, as a person moves through the panel with the keyboard;
   * fails after `most` presses (the element cannot be reached by Tab).
   */
  async tabTo(selector: string, most = 60): Promise<void> {
    for (let presses = 0; presses < most; presses++) {
      if (await this.focusedMatches(selector)) return;
      await this.press('Tab');
    }
    if (!(await this.focusedMatches(selector))) throw new Error(`Tab never reached ${selector} in the side panel.`);
  }

  /** The side panel's page, its whole length (the person scrolls to see it all), as PNG bytes. */
  async screenshot(): Promise<Uint8Array> {
    const metrics = (await this.send('Page.getLayoutMetrics')) as {
      cssContentSize?: { width: number; height: number };
    };
    const size = metrics.cssContentSize;
    const clip = size && { x: 0, y: 0, width: size.width, height: size.height, scale: 1 };
    const { data } = await this.send('Page.captureScreenshot', {
      format: 'png',
      ...(clip ? { clip, captureBeyondViewport: true } : {}),
    });
    if (typeof data !== 'string') throw new Error('The side panel screenshot came back empty.');
    return Buffer.from(data, 'base64');
  }

  async detach(): Promise<void> {
    await this.#browser.send('Target.detachFromTarget', { sessionId: this.#sessionId }).catch(() => {});
    await this.#browser.detach().catch(() => {});
  }
}
