// Where the panel's stores live in chrome.storage.local. A module of its own, without a store in it, so the e2e tests
// that read the stored state import the keys instead of copying them.

export const SETTINGS_KEY = 'steadyhand.settings';
export const HISTORY_KEY = 'steadyhand.history';
/** The demo shop's address, set by `npm start` (src/tooling/start.ts): the panel offers the demo task on it. */
export const DEMO_SHOP_KEY = 'steadyhand.demoShop';
/** Other agents over MCP (decision 0030): the switch, the port and the paired clients (hashes of their secrets). */
export const BRIDGE_KEY = 'steadyhand.bridge';
/** Saved tasks (issue 30, decision 0031): the steps a replay plays, with their variables; never a secret. The worker
 * reads their schedules too, so the key lives in src/shared. */
export { SAVED_TASKS_KEY } from '../../shared/schedules';
