import { act, finish, lineOf, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const center = need(seen, 'button', /^Center$/);
  if (/ pressed/.test(lineOf(seen, center))) return finish('The text is centered.', ['Center']);
  return act('click', { ref: center.ref });
};
export default policy;
