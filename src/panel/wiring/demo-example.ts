// Offers the demo task on the demo shop `npm start` serves: start.ts stores the shop's address, this turns it into
// the example instruction the demo notice runs in one click, and follows it if a later `npm start` changes it.

import type { StateStorage } from 'zustand/middleware';
import { demoInstruction } from '../demo/demo-task';
import { useDemoExample } from '../store/demo-example';
import type { WatchStoredKey } from '../store/settings';
import { DEMO_SHOP_KEY } from '../store/storage-keys';

/** The shop's address, if it is one the demo can open (an http or https page). */
function shopAddress(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function followDemoShop(storage: Pick<StateStorage, 'getItem'>, watch: WatchStoredKey): () => void {
  const show = (value: string | null) => {
    const shop = shopAddress(value);
    useDemoExample.setState({ example: shop ? demoInstruction(shop) : null });
  };
  let changed = false;
  const stop = watch(DEMO_SHOP_KEY, (value) => {
    changed = true;
    show(value);
  });
  // A change heard while the first read was on its way is newer than what that read returns.
  void Promise.resolve(storage.getItem(DEMO_SHOP_KEY)).then(
    (value) => changed || show(value),
    () => changed || show(null),
  );
  return stop;
}
