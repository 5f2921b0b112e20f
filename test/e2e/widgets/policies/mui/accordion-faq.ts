import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  if (seen.text.includes('Yes, within 30 days.'))
    return finish('Yes: returns within 30 days.', ['Yes, within 30 days.']);
  return act('click', { ref: need(seen, 'button', /can i return it/i).ref });
};
export default policy;
