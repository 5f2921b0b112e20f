import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const three = need(seen, 'radio', /^3 Stars?$/);
  if (three.checked) return finish('The course has 3 stars.', ['Course rating']);
  return act('check', { ref: three.ref, checked: true });
};
export default policy;
