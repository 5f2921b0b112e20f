import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const slider = need(seen, 'slider', /volume/i);
  if (slider.value === '70') return finish('The volume is 70.', ['Volume']);
  return act('set_value', { ref: slider.ref, value: 70 });
};
export default policy;
