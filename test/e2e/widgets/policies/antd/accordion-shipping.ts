import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  if (seen.text.includes('Everything about shipping.'))
    return finish('Shipping is open.', ['Everything about shipping.']);
  return act('click', { ref: need(seen, ['tab', 'button'], /^Shipping$/).ref });
};
export default policy;
