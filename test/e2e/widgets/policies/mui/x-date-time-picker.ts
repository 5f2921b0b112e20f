import { act, finish, need, type Policy } from '../../policy-kit';

// Type the date and the time in ISO form into the one field.
const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /meeting/i);
  if (field.value === '11/12/2026 09:15 AM') return finish('The meeting is set.', ['11/12/2026 09:15 AM']);
  return act('type', { ref: field.ref, text: '2026-11-12 09:15' });
};
export default policy;
