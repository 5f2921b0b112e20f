import { act, finish, need, type Policy } from '../../policy-kit';

// Type the date into the field as written in the instruction's ISO form; the field shows it in its own format.
const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /delivery date/i);
  if (field.value === '03/05/2026') return finish('The delivery date is 03/05/2026.', ['Delivery date']);
  return act('type', { ref: field.ref, text: '2026-03-05' });
};
export default policy;
