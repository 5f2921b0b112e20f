import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const guests = need(seen, ['textbox', 'spinbutton'], /guests/i);
  if (guests.value === '12') return finish('12 guests.', ['Guests']);
  return act('type', { ref: guests.ref, text: '12' });
};
export default policy;
