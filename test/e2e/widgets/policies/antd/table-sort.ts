import { act, finish, need, type Policy } from '../../policy-kit';

// Click the Age header until the rows read youngest first.
const policy: Policy = (seen) => {
  const ages = [...seen.text.matchAll(/^[A-Z][a-z]+ [A-Z]\. \| (\d+) \|/gm)].map((m) => Number(m[1]));
  const ascending = ages.length > 1 && ages.every((age, i) => i === 0 || (ages[i - 1] ?? 0) <= age);
  if (ascending) return finish('Sorted by age, youngest first.', ['Age']);
  return act('click', { ref: need(seen, ['columnheader', 'button', 'clickable'], /^Age/).ref });
};
export default policy;
