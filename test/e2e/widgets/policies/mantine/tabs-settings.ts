import { act, finish, lineOf, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const tab = need(seen, 'tab', /^Messages$/);
  if (/ selected/.test(lineOf(seen, tab))) return finish('Messages are open.', ['No new messages.']);
  return act('click', { ref: tab.ref });
};
export default policy;
