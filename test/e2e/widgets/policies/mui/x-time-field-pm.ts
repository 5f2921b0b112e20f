import { act, finish, need, type Policy } from '../../policy-kit';

// The time as the field shows it (12-hour, with PM); the field reads it back in its own form.
const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /reminder/i);
  if (field.value?.toUpperCase() === '09:45 PM') return finish('The reminder is at 09:45 PM.', ['09:45 PM']);
  return act('type', { ref: field.ref, text: '9:45 PM' });
};
export default policy;
