import { act, find, finish, need, type Policy } from '../../policy-kit';

// Hover the Account button to open its menu, then click Billing.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('Billing is open.', ['Account']);
  const billing = find(seen, 'menuitem', /^Billing$/);
  if (billing) return act('click', { ref: billing.ref });
  return act('hover', { ref: need(seen, 'button', /^Account$/).ref });
};
export default policy;
