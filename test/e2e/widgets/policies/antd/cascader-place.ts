import { act, find, finish, need, type Policy } from '../../policy-kit';

// Open the cascader, then click one level after the other.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /place/i);
  if (/Zhong Hua Men/.test(box.name)) return finish('The place is set.', ['Zhong Hua Men']);
  for (const level of ['Zhong Hua Men', 'Nanjing', 'Jiangsu']) {
    const option = find(seen, ['menuitemcheckbox', 'menuitem', 'option', 'clickable'], new RegExp(`^${level}$`));
    if (
      option &&
      (level === 'Jiangsu' ? !find(seen, ['menuitemcheckbox', 'menuitem', 'option', 'clickable'], /^Nanjing$/) : true)
    )
      return act('click', { ref: option.ref });
  }
  return act('click', { ref: box.ref });
};
export default policy;
