import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const compact = find(seen, 'switch', /compact mode/i);
  if (compact?.checked) return finish('Compact mode is on.', ['Compact mode']);
  if (compact) return act('check', { ref: compact.ref, checked: true });
  return act('click', { ref: need(seen, 'button', /open settings/i).ref });
};
export default policy;
