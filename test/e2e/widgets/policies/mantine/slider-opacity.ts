import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const slider = need(seen, 'slider', /opacity/i);
  if (slider.value === '80') return finish('The opacity is 80.', ['Opacity']);
  return act('set_value', { ref: slider.ref, value: 80 });
};
export default policy;
