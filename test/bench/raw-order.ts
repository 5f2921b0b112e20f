// The demo shop's order placed by raw Playwright input, nothing checked: what an agent's actions come to without the
// agent. The replay bench times it against a replay; the parallel bench measures what the browser spends on it.

import type { Page } from 'playwright-core';

/**
 * Places the order of `plant` (its link reads "View <plant>"). The text goes in key by key (`keys`), as the replay's
 * `type` sends it, or by Playwright's fill. `pace` runs before each of the 8 actions (a think time); `took` is told
 * each action's own time, the pace not counted.
 */
export async function rawOrder(
  page: Page,
  plant: string,
  text: 'keys' | 'fill',
  pace: () => Promise<unknown> = async () => {},
  took: (ms: number) => void = () => {},
): Promise<void> {
  const enter = (label: string, value: string) =>
    text === 'keys' ? page.getByLabel(label).pressSequentially(value) : page.getByLabel(label).fill(value);
  const act = async (action: () => Promise<unknown>) => {
    await pace();
    const started = performance.now();
    await action();
    took(performance.now() - started);
  };
  await act(() => page.getByRole('link', { name: `View ${plant}` }).click());
  await act(() => page.getByRole('button', { name: 'Add to cart' }).click());
  await page.getByText('is in your cart').waitFor();
  await act(() => page.getByRole('link', { name: /^Cart/ }).click());
  await act(() => page.getByRole('link', { name: 'Go to checkout' }).click());
  await act(() => enter('Full name', 'Ada Lovelace'));
  await act(() => enter('Email', 'ada@example.com'));
  await act(() => page.getByLabel(/terms/).check());
  await act(() => page.getByRole('button', { name: 'Place order' }).click());
  await page
    .locator('#order-number')
    .filter({ hasText: /FF-\d{6}/ })
    .waitFor();
}

/** How many actions `rawOrder` takes. */
export const RAW_ORDER_ACTIONS = 8;
