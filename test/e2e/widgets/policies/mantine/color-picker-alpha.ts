import { act, finish, need, type Policy } from '../../policy-kit';

// One set_value must do it: a model told the slider stopped short believes it.
const policy: Policy = (seen) => {
  const alpha = need(seen, 'slider', /highlight alpha/i);
  if (alpha.value === '0.2') return finish('The highlight alpha is 0.2.', ['Highlight colour']);
  if (seen.previousTools.includes('set_value')) throw new Error(`set_value left the alpha at ${alpha.value}`);
  return act('set_value', { ref: alpha.ref, value: 0.2 });
};
export default policy;
