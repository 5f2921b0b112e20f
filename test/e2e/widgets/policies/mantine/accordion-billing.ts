import { act, finish, need, type Policy, shows } from '../../policy-kit';

const policy: Policy = (seen) => {
  if (shows(seen, /Invoices are sent monthly\./)) return finish('Billing is open.', ['Invoices are sent monthly.']);
  return act('click', { ref: need(seen, 'button', /^Billing$/).ref });
};
export default policy;
