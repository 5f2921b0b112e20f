// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePageView } from '../../../src/panel/store/page-view';
import { EventLog } from '../../../src/panel/ui/thread/event-log';
import { byTestId, freshUi, mount, unmountAll } from './harness';

beforeEach(() => {
  freshUi();
  usePageView.setState({ events: [] });
});
afterEach(unmountAll);

describe('the activity log', () => {
  it('counts events while closed without building their rows, and lists them once opened', async () => {
    const root = mount(<EventLog />);
    await act(() => {
      for (let tabId = 1; tabId <= 3; tabId++) usePageView.getState().record({ type: 'activated', tabId, windowId: 1 });
    });
    const log = byTestId<HTMLDetailsElement>(root, 'event-log');
    expect(log.querySelector('summary')?.textContent).toContain('3');
    expect(log.querySelectorAll('li')).toHaveLength(0);

    await act(() => {
      log.open = true;
      log.dispatchEvent(new Event('toggle'));
    });
    expect(log.querySelectorAll('li')).toHaveLength(3);
  });
});
