import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const email = find(seen, 'textbox', /email address/i);
  if (!email && seen.previousTools.at(-1) === 'click' && seen.index > 1)
    return finish('Subscribed with ada@example.com.', ['Get the newsletter']);
  if (!email) return act('click', { ref: need(seen, 'button', /get the newsletter/i).ref });
  if (email.value !== 'ada@example.com') return act('type', { ref: email.ref, text: 'ada@example.com' });
  return act('click', { ref: need(seen, 'button', /^Subscribe$/).ref });
};
export default policy;
