import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const low = need(seen, 'slider', /minimum price/i);
  const high = need(seen, 'slider', /maximum price/i);
  if (low.value !== '30') return act('set_value', { ref: low.ref, value: 30 });
  if (high.value !== '60') return act('set_value', { ref: high.ref, value: 60 });
  return finish('The price range is 30 – 60.', ['Price range']);
};
export default policy;
