import { act, finish, lineOf, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const tab = need(seen, 'tab', /Billing$/);
  if (lineOf(seen, tab).includes(' selected'))
    return finish('The Billing tab is open.', ['Billing settings live here.']);
  return act('click', { ref: tab.ref });
};
export default policy;
