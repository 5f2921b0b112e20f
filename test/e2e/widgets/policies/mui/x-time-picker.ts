import { act, finish, need, type Policy } from '../../policy-kit';

// Type the time in 24-hour form; the field shows it with AM/PM.
const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /pickup time/i);
  if (field.value === '02:30 PM') return finish('The pickup time is 02:30 PM.', ['02:30 PM']);
  return act('type', { ref: field.ref, text: '14:30' });
};
export default policy;
