import { act, finish, lineOf, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const tab = need(seen, 'tab', /^Reviews$/);
  if (/ selected/.test(lineOf(seen, tab))) return finish('Reviews are shown.', ['Reviews of the product.']);
  return act('click', { ref: tab.ref });
};
export default policy;
