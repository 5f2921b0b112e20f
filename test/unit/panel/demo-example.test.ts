// `npm start` says where its demo shop is; the panel turns it into the demo task's example, and follows a change.
import { beforeEach, describe, expect, it } from 'vitest';
import { demoInstruction } from '../../../src/panel/demo/demo-task';
import { useDemoExample } from '../../../src/panel/store/demo-example';
import { DEMO_SHOP_KEY } from '../../../src/panel/store/storage-keys';
import { followDemoShop } from '../../../src/panel/wiring/demo-example';

beforeEach(() => useDemoExample.setState({ example: null }));

describe('the demo shop the panel offers its example on', () => {
  it('offers the demo task on the stored shop, and on a shop stored later', async () => {
    let changed: ((value: string | null) => void) | null = null;
    const stop = followDemoShop({ getItem: async () => 'http://127.0.0.1:4000/' }, (key, onChange) => {
      expect(key).toBe(DEMO_SHOP_KEY);
      changed = onChange;
      return () => {};
    });
    await expect.poll(() => useDemoExample.getState().example).toBe(demoInstruction('http://127.0.0.1:4000/'));
    (changed as unknown as (value: string | null) => void)('http://127.0.0.1:5000/');
    expect(useDemoExample.getState().example).toBe(demoInstruction('http://127.0.0.1:5000/'));
    stop();
  });

  it('offers nothing for no shop or an address that is not a web page', async () => {
    for (const stored of [null, 'javascript:alert(1)', 'not a url']) {
      useDemoExample.setState({ example: 'stale' });
      followDemoShop({ getItem: async () => stored }, () => () => {});
      await expect.poll(() => useDemoExample.getState().example).toBeNull();
    }
  });
});
