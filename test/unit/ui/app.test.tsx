// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from '../../../src/panel/store/settings';
import { App } from '../../../src/panel/ui/app';
import { byRoleName, byTestId, click, freshUi, mount, type SpyCommands, unmountAll } from './harness';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const has = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`) !== null;

describe('panel frame', () => {
  it('says the offline demo model runs while no API key is set, and stops saying so once one is', () => {
    const root = mount(<App commands={commands} />);
    expect(byTestId(root, 'demo-notice').textContent).toContain('No API key is set');
    void act(() => {
      useSettings.getState().update({ apiKey: 'sk-ant-1' });
    });
    expect(has(root, 'demo-notice')).toBe(false);
  });

  it('lets the caller decide demo mode', () => {
    useSettings.setState({ settings: { ...useSettings.getState().settings, apiKey: 'sk-ant-1' } });
    const root = mount(<App commands={commands} demoMode />);
    expect(has(root, 'demo-notice')).toBe(true);
  });

  it('takes the person from the demo notice to the API key field', () => {
    const root = mount(<App commands={commands} />);
    click(byRoleName(root, 'Add an API key'));
    expect(has(root, 'settings')).toBe(true);
    expect(byTestId(root, 'nav-settings').getAttribute('aria-current')).toBe('page');
  });

  it('opens on the task view: the tab line (its Details hold the page card and the activity log), then the composer', () => {
    const root = mount(<App commands={commands} />);
    const details = byTestId<HTMLDetailsElement>(root, 'tab-line-details');
    expect(details.open).toBe(false);
    expect(details.contains(byTestId(root, 'page-card'))).toBe(true);
    expect(details.contains(byTestId(root, 'event-log'))).toBe(true);
    const order = ['page-card', 'event-log', 'task-box'].map((id) => byTestId(root, id));
    for (let i = 1; i < order.length; i++) {
      const before = order[i - 1] as HTMLElement;
      expect(before.compareDocumentPosition(order[i] as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect((byTestId(root, 'event-log') as HTMLDetailsElement).open).toBe(false);
    expect(byTestId(root, 'nav-task').getAttribute('aria-current')).toBe('page');
    expect(root.textContent).toContain('Describe a task below.');
    expect(byTestId(root, 'live-region').getAttribute('aria-live')).toBe('polite');
  });

  it('switches between task, history and settings', () => {
    const root = mount(<App commands={commands} />);
    click(byTestId(root, 'nav-history'));
    expect(has(root, 'history')).toBe(true);
    expect(has(root, 'task-box')).toBe(false);
    expect(byTestId(root, 'nav-task').getAttribute('aria-current')).toBeNull();
    click(byTestId(root, 'nav-settings'));
    expect(has(root, 'settings')).toBe(true);
    click(byTestId(root, 'nav-task'));
    expect(has(root, 'task-box')).toBe(true);
  });

  it('labels every form control', () => {
    const root = mount(<App commands={commands} />);
    for (const view of ['task', 'settings']) {
      click(byTestId(root, `nav-${view}`));
      for (const control of root.querySelectorAll('input, textarea, select')) {
        const labelled =
          (control.id && root.querySelector(`label[for="${control.id}"]`)) ||
          control.closest('label') ||
          control.getAttribute('aria-label');
        expect(labelled, `${view}: ${control.outerHTML}`).toBeTruthy();
      }
      for (const button of root.querySelectorAll('button')) {
        expect(button.getAttribute('aria-label') || button.textContent?.trim(), button.outerHTML).toBeTruthy();
      }
    }
  });
});
