import { act, finish, type Policy } from '../../policy-kit';

// The stars are radios in order; the second is 2 stars.
const policy: Policy = (seen) => {
  const stars = seen.controls.filter((c) => c.role === 'radio');
  const second = stars.find((c) => /^2\b/.test(c.name)) ?? stars[1];
  if (!second) throw new Error(`No star radios in:\n${seen.text}`);
  if (second.checked) return finish('The hotel has 2 stars.', ['Hotel rating']);
  return act('click', { ref: second.ref });
};
export default policy;
