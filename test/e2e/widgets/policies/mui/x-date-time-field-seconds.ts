import { act, finish, need, type Policy } from '../../policy-kit';

// Date and time with seconds in ISO form into the one field; it shows them in its own 12-hour form.
const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /race start/i);
  if (field.value?.toUpperCase() === '06/03/2026 02:05:30 PM')
    return finish('The race starts then.', ['06/03/2026 02:05:30 PM']);
  return act('type', { ref: field.ref, text: '2026-06-03 14:05:30' });
};
export default policy;
