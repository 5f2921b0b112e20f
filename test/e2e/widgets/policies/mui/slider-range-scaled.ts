import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const low = need(seen, 'slider', /lowest bandwidth/i);
  const high = need(seen, 'slider', /highest bandwidth/i);
  if (low.value !== '16 Mbit/s') return act('set_value', { ref: low.ref, value: 16 });
  if (high.value !== '512 Mbit/s') return act('set_value', { ref: high.ref, value: 512 });
  return finish('The bandwidth range is 16 – 512 Mbit/s.', ['Bandwidth']);
};
export default policy;
