// Shared by the panel component tests: chrome.i18n answering from the English catalogue, an in-memory
// chrome.storage.local, spy commands, fresh stores, and a tiny render/act/DOM-query kit over Preact.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { useHistory } from '../../../src/panel/store/history';
import { usePageView } from '../../../src/panel/store/page-view';
import { useSavedTasks } from '../../../src/panel/store/saved-tasks';
import { useSettings } from '../../../src/panel/store/settings';
import { INITIAL_SETTINGS_EDITS, useSettingsEdits } from '../../../src/panel/store/settings-edits';
import { useTaskQueue } from '../../../src/panel/store/task-queue';
import { applyEvent, type TaskRecord } from '../../../src/panel/store/task-record';
import { useTaskTabs } from '../../../src/panel/store/task-tabs';
import { INITIAL_UI, useUi } from '../../../src/panel/store/ui';
import type { PanelCommands } from '../../../src/panel/ui/commands';

type Catalogue = Record<string, { message: string }>;

export const english: Catalogue = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../public/_locales/en/messages.json'), 'utf8'),
);

/** chrome.i18n.getMessage as Chrome answers it for English: the message with $1..$9 substituted. */
export function useEnglish(): void {
  vi.mocked(chrome.i18n.getUILanguage).mockReturnValue('en-US');
  vi.mocked(chrome.i18n.getMessage).mockImplementation((key, substitutions) => {
    const message = english[key]?.message;
    if (message === undefined) return '';
    const values = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    return message.replace(/\$(\d)/g, (_, n: string) => String(values[Number(n) - 1] ?? ''));
  });
}

/** chrome.storage.local backed by a Map, so the persisted stores really write and read. */
export function fakeStorage(initial: Record<string, string> = {}): Map<string, unknown> {
  const data = new Map<string, unknown>(Object.entries(initial));
  const local = chrome.storage.local;
  // chrome.storage.local.get: one key, or every key for null.
  vi.mocked(local.get).mockImplementation((async (key: string | null) =>
    key === null ? Object.fromEntries(data) : { [key]: data.get(key) }) as never);
  vi.mocked(local.set).mockImplementation((async (items: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(items)) data.set(key, value);
  }) as never);
  vi.mocked(local.remove).mockImplementation((async (keys: string | string[]) => {
    for (const key of [keys].flat()) data.delete(key);
  }) as never);
  return data;
}

export function resetStores(): void {
  useHistory.setState({ tasks: {}, order: [], revs: {}, removed: [] });
  useUi.setState(INITIAL_UI);
  useTaskTabs.setState({ byTask: {} });
  useTaskQueue.setState({ queued: [] });
  useSettings.setState({ settings: DEFAULT_SETTINGS });
  useSavedTasks.setState({ tasks: [] });
  useSettingsEdits.setState(INITIAL_SETTINGS_EDITS);
  usePageView.setState({ windowId: null, tabId: null, info: null, status: 'idle', message: null, events: [] });
}

export interface SpyCommands extends PanelCommands {
  run: ReturnType<typeof vi.fn<PanelCommands['run']>>;
  runAgain: ReturnType<typeof vi.fn<PanelCommands['runAgain']>>;
  followUp: ReturnType<typeof vi.fn<PanelCommands['followUp']>>;
  stop: ReturnType<typeof vi.fn<PanelCommands['stop']>>;
  cancelQueued: ReturnType<typeof vi.fn<PanelCommands['cancelQueued']>>;
  open: ReturnType<typeof vi.fn<PanelCommands['open']>>;
  runsHere: ReturnType<typeof vi.fn<PanelCommands['runsHere']>>;
  answer: ReturnType<typeof vi.fn<PanelCommands['answer']>>;
  answerPermission: ReturnType<typeof vi.fn<PanelCommands['answerPermission']>>;
  answerPlan: ReturnType<typeof vi.fn<PanelCommands['answerPlan']>>;
  answerConsent: ReturnType<typeof vi.fn<PanelCommands['answerConsent']>>;
  focusTab: ReturnType<typeof vi.fn<PanelCommands['focusTab']>>;
  exportTrace: ReturnType<typeof vi.fn<PanelCommands['exportTrace']>>;
  releaseTabs: ReturnType<typeof vi.fn<PanelCommands['releaseTabs']>>;
  saveTask: ReturnType<typeof vi.fn<PanelCommands['saveTask']>>;
  runSaved: ReturnType<typeof vi.fn<PanelCommands['runSaved']>>;
  exportSaved: ReturnType<typeof vi.fn<PanelCommands['exportSaved']>>;
  saveSettings: ReturnType<typeof vi.fn<PanelCommands['saveSettings']>>;
  testConnection: ReturnType<typeof vi.fn<PanelCommands['testConnection']>>;
}

export function spyCommands(): SpyCommands {
  return {
    run: vi.fn<PanelCommands['run']>(),
    runAgain: vi.fn<PanelCommands['runAgain']>(),
    followUp: vi.fn<PanelCommands['followUp']>(),
    stop: vi.fn<PanelCommands['stop']>(),
    cancelQueued: vi.fn<PanelCommands['cancelQueued']>(),
    // Like the panel's own command: the thread opens.
    open: vi.fn<PanelCommands['open']>((taskId) => useUi.getState().open(taskId)),
    // Every task is this panel's unless a test says otherwise.
    runsHere: vi.fn<PanelCommands['runsHere']>(() => true),
    answer: vi.fn<PanelCommands['answer']>(),
    answerPermission: vi.fn<PanelCommands['answerPermission']>(),
    answerPlan: vi.fn<PanelCommands['answerPlan']>(),
    answerConsent: vi.fn<PanelCommands['answerConsent']>(),
    focusTab: vi.fn<PanelCommands['focusTab']>(),
    exportTrace: vi.fn<PanelCommands['exportTrace']>(),
    releaseTabs: vi.fn<PanelCommands['releaseTabs']>(),
    saveTask: vi.fn<PanelCommands['saveTask']>(() => ({ savedId: 'saved1' })),
    runSaved: vi.fn<PanelCommands['runSaved']>(),
    exportSaved: vi.fn<PanelCommands['exportSaved']>(),
    // Like the panel's own command: the settings store takes the patch (so the form shows what was saved).
    saveSettings: vi.fn<PanelCommands['saveSettings']>(async (patch) => useSettings.getState().update(patch)),
    testConnection: vi.fn<PanelCommands['testConnection']>(async () => ({ ok: true, message: 'Connected.' })),
  };
}

/** Folds agent events into a record exactly as the history store does. */
export function recordOf(events: AgentEvent[], finishedAt = 2_000): TaskRecord {
  const record = events.reduce<TaskRecord | undefined>((r, e) => applyEvent(r, e, finishedAt), undefined);
  if (!record) throw new Error('the events did not start a task');
  return record;
}

/** Puts agent events through the history store, as main.tsx does. */
export function emit(...events: AgentEvent[]): void {
  void act(() => {
    for (const event of events) useHistory.getState().apply(event);
  });
}

let hosts: HTMLElement[] = [];

export function mount(node: ComponentChild): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  void act(() => render(node, host));
  return host;
}

export function unmountAll(): void {
  for (const host of hosts) {
    void act(() => render(null, host));
    host.remove();
  }
  hosts = [];
}

export function byTestId<E extends Element = HTMLElement>(root: ParentNode, id: string): E {
  const found = root.querySelector<E>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`no element with data-testid="${id}"`);
  return found;
}

export function allByTestId<E extends Element = HTMLElement>(root: ParentNode, id: string): E[] {
  return [...root.querySelectorAll<E>(`[data-testid="${id}"]`)];
}

/** The control a <label> names, found the way assistive technology finds it. */
export function byLabel<E extends HTMLElement = HTMLInputElement>(root: ParentNode, text: string): E {
  for (const label of root.querySelectorAll('label')) {
    if (label.textContent?.trim() !== text) continue;
    const control = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input');
    if (control) return control as E;
  }
  throw new Error(`no control labelled "${text}"`);
}

export function byRoleName<E extends HTMLElement = HTMLButtonElement>(root: ParentNode, text: string): E {
  const button = [...root.querySelectorAll<E>('button')].find(
    (b) => b.getAttribute('aria-label') === text || b.textContent?.trim() === text,
  );
  if (!button) throw new Error(`no button named "${text}"`);
  return button;
}

export function click(element: Element): void {
  void act(() => {
    (element as HTMLElement).click();
  });
}

export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  void act(() => {
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Dispatches a keydown; returns false when a handler called preventDefault (the key's default was taken over). */
export function press(field: Element, key: string, init: KeyboardEventInit = {}): boolean {
  let notPrevented = true;
  void act(() => {
    notPrevented = field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
  return notPrevented;
}

/** Lets pending promises (a command's reply) settle and the components re-render. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((done) => setTimeout(done, 0));
  });
}

/** What every component test starts from: English strings, fresh stores, fresh spy commands. */
export function freshUi(): SpyCommands {
  useEnglish();
  resetStores();
  return spyCommands();
}

/** The text a person sees without opening anything: what closed disclosures hold is left out. */
export function shownText(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('details:not([open]) > :not(summary)')) hidden.remove();
  return copy.textContent ?? '';
}
