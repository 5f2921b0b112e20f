import { act, find, finish, need, type Policy } from '../../policy-kit';

// Click the Age header until it sorts ascending (the header says so).
const policy: Policy = (seen) => {
  const header = find(seen, ['columnheader', 'button', 'clickable'], /^Age/);
  if (seen.text.split('\n').some((l) => /columnheader "Age.*".*ascending|sort.*ascend/i.test(l)))
    return finish('Sorted by age, youngest first.', ['Age']);
  return act('click', { ref: (header ?? need(seen, ['columnheader', 'clickable'], /age/i)).ref });
};
export default policy;
