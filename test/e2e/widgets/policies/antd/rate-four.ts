import { act, finish, type Policy } from '../../policy-kit';

// The stars are five radios in order; the fourth is 4 stars.
const policy: Policy = (seen) => {
  const stars = seen.controls.filter((c) => c.role === 'radio');
  const fourth = stars[3];
  if (stars.length !== 5 || !fourth) throw new Error(`Expected five star radios in:\n${seen.text}`);
  if (fourth.checked && !stars[4]?.checked) return finish('The product has 4 stars.', ['Your rating']);
  return act('click', { ref: fourth.ref });
};
export default policy;
