// The room the thread gets, in the real side panel (panel-side-panel-session.ts), at 400 px wide: how much of the
// panel's height the thread (the scrolling conversation) has while a task runs, and a screenshot of every state in the
// light and the dark theme. Shared by panel-room.e2e.ts (English) and panel-room-zh.e2e.ts (Simplified Chinese):
// one browser per language, one test walking the states in order, so the file stays short in time.
//
// The side panel's width is the browser's to set (a person drags its edge; no extension or CDP call sizes it), so
// the side panel's page is given a 400 × 800 viewport with Emulation.setDeviceMetricsOverride: the page lays out
// exactly as in a 400 px side panel.

import type { Page } from 'playwright-core';
import { saveScreenshot } from '../support/screenshots';
import {
  act,
  control,
  type ExtensionHarness,
  expect,
  type FakeAnthropic,
  type FixtureServer,
  giveUp,
  hold,
  openFrontTab,
  play,
} from './kit';
import { SidePanelSession } from './panel-side-panel-session';

export const ROOM = { width: 400, height: 800 };

/** Opens the real side panel, sized as a 400 px one, and closes the panel tab so it is the only panel. */
export async function openRoom(browser: ExtensionHarness): Promise<SidePanelSession> {
  const side = await SidePanelSession.open(browser, browser.panel);
  await browser.panel.close();
  await side.send('Emulation.setDeviceMetricsOverride', { ...ROOM, deviceScaleFactor: 1, mobile: false });
  // The side panel loads on its own: on a loaded machine it takes more than expect.poll's default second.
  await expect.poll(() => side.evaluate<number>('innerWidth'), { timeout: 15_000 }).toBe(ROOM.width);
  await expect.poll(() => side.evaluate<boolean>('"steadyhand" in globalThis'), { timeout: 15_000 }).toBe(true);
  return side;
}

/** Heights (CSS px) of the panel and of the thread's scrolling box, and the share the thread gets. */
export interface Room {
  panel: number;
  thread: number;
  share: number;
}

export function measureRoom(side: SidePanelSession): Promise<Room> {
  return side.evaluate<Room>(`(() => {
    const thread = document.querySelector('[data-testid="thread-scroll"]')?.getBoundingClientRect().height ?? 0;
    const panel = innerHeight;
    return { panel, thread: Math.round(thread), share: Math.round((thread / panel) * 100) / 100 };
  })()`);
}

/** Screenshots of the side panel as it is now, light and dark: `room-<locale>-<theme>-<state>`. */
export async function shoot(side: SidePanelSession, locale: string, state: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await side.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: theme }] });
    await expect
      .poll(() => side.evaluate<boolean>('matchMedia("(prefers-color-scheme: dark)").matches'))
      .toBe(theme === 'dark');
    await saveScreenshot(await side.screenshot(), `room-${locale}-${theme}-${state}`);
  }
  await side.send('Emulation.setEmulatedMedia', { features: [] });
}

export function statusOf(side: SidePanelSession): Promise<string | null> {
  return side.evaluate<string | null>(`document.querySelector('[data-testid="task-card"]')?.dataset.status ?? null`);
}

export function taskIdOf(side: SidePanelSession): Promise<string | null> {
  return side.evaluate<string | null>(`document.querySelector('[data-testid="task-card"]')?.dataset.taskId ?? null`);
}

/** Types a task into the composer and presses Enter; resolves once its card is in the thread. */
export async function submit(side: SidePanelSession, text: string): Promise<void> {
  const before = await taskIdOf(side);
  await side.type('#task-input', text, { enter: true });
  await expect.poll(() => taskIdOf(side), { timeout: 20_000 }).not.toBe(before);
}

export async function expectStatusOf(side: SidePanelSession, status: string): Promise<void> {
  await expect.poll(() => statusOf(side), { timeout: 30_000 }).toBe(status);
}

export function count(side: SidePanelSession, selector: string): Promise<number> {
  return side.evaluate<number>(`document.querySelectorAll(${JSON.stringify(selector)}).length`);
}

export async function clickIn(side: SidePanelSession, selector: string): Promise<void> {
  const found = await side.evaluate<boolean>(
    `(() => { const el = document.querySelector(${JSON.stringify(selector)}); el?.click(); return !!el; })()`,
  );
  if (!found) throw new Error(`Nothing in the side panel matches ${selector}.`);
}

/** The garden page as the person's tab, where the next task starts. */
export async function gardenTab(browser: ExtensionHarness, site: FixtureServer): Promise<Page> {
  return (await openFrontTab(browser, site.url('/panel/ui-garden.html'))).page;
}

/** The text the main view shows (innerText: what is rendered; closed disclosures are not), without `skip`'s. */
function shownText(side: SidePanelSession, skip: string): Promise<string> {
  return side.evaluate<string>(`(() => {
    const main = document.querySelector('main').cloneNode(true);
    for (const el of main.querySelectorAll(${JSON.stringify(skip)})) el.remove();
    // A detached clone has no layout: put it back hidden from nothing, read it, take it away.
    const box = document.createElement('div');
    box.style.cssText = 'position:absolute;left:-10000px;width:400px';
    box.append(main);
    document.body.append(box);
    const text = main.innerText;
    box.remove();
    return text;
  })()`);
}

/**
 * Words of the person's language everywhere in the main view: no task id, no internal verdict. In Chinese, no English
 * left but what is not the panel's own: the page's and the model's words (title, addresses, messages, the agent's
 * own sentences marked lang="en"), and the names kept as they are (Steadyhand, Esc, token, USD…).
 */
async function expectPersonWords(side: SidePanelSession, locale: RoomLocale, taskId: string | null): Promise<void> {
  const text = await shownText(side, 'details:not([open]) > :not(summary)');
  if (taskId) expect(text.toLowerCase()).not.toContain(taskId.toLowerCase());
  // A tool's own name ("Called propose_plan") is the code's word, not the person's.
  expect(text).not.toMatch(/Done accepted|accepted \(|Continue task|Called [a-z]+_[a-z_]+/);
  if (locale !== 'zh-CN') return;
  const own = await shownText(
    side,
    'details:not([open]) > :not(summary), .tab-line-title, .url, .bubble, .thought, .reasoning-text, .call-action, [lang="en"], [data-testid="final-answer"], [data-testid="final-summary"], [aria-live], q, code, dd, .permission-origin, [data-testid="permission-record"]',
  );
  const kept = /Steadyhand|Esc|Enter|Shift|token|USD|API|JSON|Claude|Base URL|Anthropic/g;
  expect(
    own
      .replace(/https?:\/\/[^\s。，）]+/g, '')
      .replace(kept, '')
      .match(/[A-Za-z]{3,}/g) ?? [],
    own,
  ).toEqual([]);
}

export type RoomLocale = 'en' | 'zh-CN';

const SAY = {
  en: {
    task: 'What does the blue fern need?',
    answer: 'Deep shade and water once a week.',
    refuse: 'The partner site was not allowed.',
  },
  // The answer reads the English fixture page: it quotes it, as a reading's answer must.
  'zh-CN': {
    task: '蓝色蕨类需要什么？',
    answer: 'Deep shade and water once a week.',
    refuse: '没有获准访问合作网站。',
  },
};

const THOUGHT = 'I will read the garden notes first, then answer from what the page says about the blue fern.';

/** What the walk needs from the kit's fixtures. */
export interface RoomFixtures {
  browser: ExtensionHarness;
  site: FixtureServer;
  model: FakeAnthropic;
}

let opened: SidePanelSession | undefined;

/** Detaches the side panel session the walk opened; the file calls it in its afterAll. */
export async function leaveRoom(): Promise<void> {
  await opened?.detach();
  opened = undefined;
}

/**
 * One test through every state, in one browser (the file sets `useKit({ apiKey: null, locale })`: a new user's panel,
 * the demo first): demo, idle, running (measured), succeeded, stopped with Esc from the thread mid-stream, failed to
 * start, asking, permission, failed, consent, plan, history, settings.
 */
export async function walkTheRoom(locale: RoomLocale, { browser, site, model }: RoomFixtures): Promise<void> {
  const say = SAY[locale];
  await gardenTab(browser, site);
  const panel = await openRoom(browser);
  opened = panel;

  // demo: the notice is one line; the composer has the focus, so Enter is all it takes.
  await expect.poll(() => count(panel, '[data-testid="demo-notice"]')).toBe(1);
  expect(await panel.evaluate<string>('document.activeElement?.id ?? ""')).toBe('task-input');
  const notice = await panel.evaluate<number>(
    `document.querySelector('[data-testid="demo-notice"]').getBoundingClientRect().height`,
  );
  expect(notice).toBeLessThanOrEqual(30);
  await shoot(panel, locale, 'demo');

  // idle: pointed at the stand-in, the notice goes.
  await panel.evaluate(
    `globalThis.steadyhand.settings.getState().update({ apiKey: 'test-key', baseUrl: ${JSON.stringify(model.url)} })`,
  );
  await expect.poll(() => count(panel, '[data-testid="demo-notice"]')).toBe(0);
  await expect.poll(() => count(panel, '[data-testid="thread-empty"]')).toBe(1);
  await shoot(panel, locale, 'idle');

  // running: a long task (collapsed), one step done, the model thinking over the second.
  const held = hold(model);
  const longTask = `${say.task}\n${'Please check every plant on the page and compare them. '.repeat(20)}`;
  await submit(panel, longTask);
  await held.next();
  held.answer(act('read_page', {}, THOUGHT));
  await held.next();
  await expect.poll(() => count(panel, '[data-testid="step-card"]')).toBe(2);
  await expect.poll(() => count(panel, '[data-testid="progress-line"]')).toBe(1);
  expect(await count(panel, '[data-testid="task-instruction"][data-collapsed="true"]')).toBe(1);
  const room = await measureRoom(panel);
  console.log(`room ${locale} running`, JSON.stringify(room));
  expect(room.share).toBeGreaterThanOrEqual(0.6);
  // With the demo notice too (the issue measured 255 of 770 px there): the key taken away for a moment shows it.
  await panel.evaluate(`globalThis.steadyhand.settings.getState().update({ apiKey: '' })`);
  await expect.poll(() => count(panel, '[data-testid="demo-notice"]')).toBe(1);
  const withDemo = await measureRoom(panel);
  console.log(`room ${locale} running with the demo notice`, JSON.stringify(withDemo));
  expect(withDemo.share).toBeGreaterThanOrEqual(0.6);
  await panel.evaluate(`globalThis.steadyhand.settings.getState().update({ apiKey: 'test-key' })`);
  await expect.poll(() => count(panel, '[data-testid="demo-notice"]')).toBe(0);
  await expectPersonWords(panel, locale, await taskIdOf(panel));
  await shoot(panel, locale, 'running');
  // The composer grows with a long follow-up, up to its limit; the thread keeps half the panel.
  const before = await panel.evaluate<number>(`document.getElementById('task-input').offsetHeight`);
  await panel.type('#task-input', 'line\n'.repeat(30));
  const grown = await panel.evaluate<number>(`document.getElementById('task-input').offsetHeight`);
  expect(grown).toBeGreaterThan(before * 3);
  expect(grown).toBeLessThanOrEqual(0.4 * 800);
  expect((await measureRoom(panel)).share).toBeGreaterThanOrEqual(0.4);
  await panel.evaluate(`globalThis.steadyhand.ui.getState().setDraft('')`);

  // succeeded
  held.answer(
    act('done', { success: true, kind: 'reading', answer: say.answer, evidence: { quotes: ['deep shade'] } }),
  );
  await expectStatusOf(panel, 'succeeded');
  await expectPersonWords(panel, locale, await taskIdOf(panel));
  await shoot(panel, locale, 'succeeded');

  // stopped: Esc from the thread (not the composer) stops a task whose sentence was half streamed; the cut shows.
  play(model, () => ({ fault: 'stall', afterEvents: 12, turn: act('read_page', {}, THOUGHT) }));
  await clickIn(panel, '[data-testid="compose-continue"]').catch(() => {});
  await panel.evaluate(`globalThis.steadyhand.ui.getState().setComposeMode('new')`);
  await submit(panel, say.task);
  await expect.poll(() => count(panel, '[data-testid="step-thinking"]'), { timeout: 20_000 }).toBe(1);
  await panel.evaluate(`document.querySelector('[data-testid="thread-scroll"]').focus()`);
  await panel.press('Escape');
  await expectStatusOf(panel, 'stopped');
  expect(await count(panel, '[data-testid="step-cut"]')).toBe(1);
  await shoot(panel, locale, 'stopped');

  // failed to start: the model refuses the key at once; no usage line says "0 steps" over Step 1.
  play(model, () => ({ fault: 'unauthorized' }));
  await submit(panel, say.task);
  await expectStatusOf(panel, 'error');
  expect(await count(panel, '[data-testid="task-usage"]')).toBe(0);
  await shoot(panel, locale, 'failed-to-start');

  // asking
  play(model, (seen) =>
    seen.previousTools.includes('ask_user')
      ? act('done', { success: true, kind: 'reading', answer: say.answer, evidence: { quotes: ['deep shade'] } })
      : act('ask_user', {
          question:
            locale === 'en' ? 'Which plant: the blue fern or the copper rose?' : '哪一株：蓝色蕨类还是铜色玫瑰？',
        }),
  );
  await submit(panel, say.task);
  await expect.poll(() => count(panel, '[data-testid="question"]'), { timeout: 20_000 }).toBe(1);
  await shoot(panel, locale, 'asking');
  await panel.type('[data-testid="question"] textarea, [data-testid="question"] input', 'the blue fern', {
    enter: true,
  });
  await expectStatusOf(panel, 'succeeded');

  // permission, then failed
  const prize = `${site.otherOrigin}/security/perm-prize.html?t=room-${locale}`;
  play(model, (seen) =>
    seen.previousTools.includes('open_url') ? giveUp(say.refuse) : act('open_url', { url: prize }),
  );
  await submit(panel, say.task);
  await expect.poll(() => count(panel, '[data-testid="permission"]'), { timeout: 20_000 }).toBe(1);
  await expectPersonWords(panel, locale, await taskIdOf(panel));
  await shoot(panel, locale, 'permission');
  await clickIn(panel, '[data-testid="permission-deny"]');
  await expectStatusOf(panel, 'failed');
  await expectPersonWords(panel, locale, await taskIdOf(panel));
  await shoot(panel, locale, 'failed');

  // consent: a sign-in waits for the person's yes (decision 0026), answered Deny.
  play(model, (seen) => {
    if (seen.previousTools.includes('click')) return giveUp(say.refuse);
    if (seen.previousTools.includes('open_url'))
      return act('click', { ref: control(seen, 'button', /^sign in$/i).ref });
    return act('open_url', { url: site.url('/consent/signin.html') });
  });
  await submit(panel, say.task);
  await expect.poll(() => count(panel, '[data-testid="consent"]'), { timeout: 20_000 }).toBe(1);
  await shoot(panel, locale, 'consent');
  await clickIn(panel, '[data-testid="consent-deny"]');
  await expectStatusOf(panel, 'failed');

  // plan: in "Ask before acting" the model's plan waits for the person, answered Cancel.
  await panel.evaluate(`globalThis.steadyhand.settings.getState().update({ autonomy: 'ask_first' })`);
  const origin = new URL(site.url('/')).origin;
  play(model, () =>
    act('propose_plan', {
      summary: locale === 'en' ? 'Sign in and save a note about the blue fern' : '登录并保存一条关于蓝色蕨类的笔记',
      sites: [origin],
      changes: [{ site: origin, kind: 'signin', what: locale === 'en' ? 'Sign in' : '登录' }],
      steps: locale === 'en' ? '1. Sign in\n2. Save the note' : '1. 登录\n2. 保存笔记',
    }),
  );
  await submit(panel, say.task);
  await expect.poll(() => count(panel, '[data-testid="plan-approve"]'), { timeout: 20_000 }).toBe(1);
  await expectPersonWords(panel, locale, await taskIdOf(panel));
  await shoot(panel, locale, 'plan');
  await clickIn(panel, '[data-testid="plan-cancel"]');
  await expectStatusOf(panel, 'stopped');
  await panel.evaluate(`globalThis.steadyhand.settings.getState().update({ autonomy: 'act' })`);

  // history, settings
  await clickIn(panel, '[data-testid="nav-history"]');
  await expect.poll(() => count(panel, '[data-testid="history-item"]')).toBeGreaterThanOrEqual(4);
  await shoot(panel, locale, 'history');
  await clickIn(panel, '[data-testid="nav-settings"]');
  await expect.poll(() => count(panel, '[data-testid="settings"]')).toBe(1);
  // The key's Show button keeps its word on one line.
  const show = await panel.evaluate<{ height: number; line: number }>(`(() => {
    const button = [...document.querySelectorAll('[data-testid="settings"] button[aria-pressed]')][0];
    return { height: button.getBoundingClientRect().height, line: parseFloat(getComputedStyle(button).lineHeight) };
  })()`);
  expect(show.height).toBeLessThan(show.line * 2);
  await shoot(panel, locale, 'settings');
}
