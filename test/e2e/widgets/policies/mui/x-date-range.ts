import { act, finish, need, type Policy } from '../../policy-kit';

// Each end into its own field, the second in the field's own form (month/day/year).
const policy: Policy = (seen) => {
  const from = need(seen, 'textbox', /check-in/i);
  const to = need(seen, 'textbox', /check-out/i);
  if (from.value !== '12/28/2026') return act('type', { ref: from.ref, text: '2026-12-28' });
  if (to.value !== '01/02/2027') return act('type', { ref: to.ref, text: '01/02/2027' });
  return finish('The stay is booked from 12/28/2026 to 01/02/2027.', ['12/28/2026', '01/02/2027']);
};
export default policy;
