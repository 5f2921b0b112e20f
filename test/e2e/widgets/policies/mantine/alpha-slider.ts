import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const alpha = need(seen, 'slider', /overlay alpha/i);
  if (alpha.value === '0.2') return finish('The overlay alpha is 0.2.', ['Overlay opacity']);
  if (seen.previousTools.includes('set_value')) throw new Error(`set_value left the alpha at ${alpha.value}`);
  return act('set_value', { ref: alpha.ref, value: 0.2 });
};
export default policy;
