import { act, finish, need, type Policy } from '../../policy-kit';

// Each thumb is a slider of its own (MUI hides a range input in each thumb): set each end by value.
const policy: Policy = (seen) => {
  const low = need(seen, 'slider', /lowest/i);
  const high = need(seen, 'slider', /highest/i);
  if (low.value !== '15') return act('set_value', { ref: low.ref, value: 15 });
  if (high.value !== '25') return act('set_value', { ref: high.ref, value: 25 });
  return finish('The range is 15 – 25.', ['Temperature range']);
};
export default policy;
