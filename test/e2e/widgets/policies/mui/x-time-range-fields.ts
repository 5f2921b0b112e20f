import { act, finish, need, type Policy } from '../../policy-kit';

// Each end into its own field: the first in 24-hour form, the second as the field shows it.
const policy: Policy = (seen) => {
  const opens = need(seen, 'textbox', /opens/i);
  const closes = need(seen, 'textbox', /closes/i);
  if (opens.value !== '08:30 AM') return act('type', { ref: opens.ref, text: '08:30' });
  if (closes.value !== '05:45 PM') return act('type', { ref: closes.ref, text: '05:45 PM' });
  return finish('Open from 08:30 AM to 05:45 PM.', ['08:30 AM', '05:45 PM']);
};
export default policy;
