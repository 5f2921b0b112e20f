import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const push = need(seen, ['switch', 'checkbox'], /push notifications/i);
  if (push.checked) return finish('Push notifications are on.', ['Push notifications']);
  return act('check', { ref: push.ref, checked: true });
};
export default policy;
