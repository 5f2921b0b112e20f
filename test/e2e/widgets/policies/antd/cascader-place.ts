import { act, find, finish, need, type Policy } from '../../policy-kit';

const ITEM = ['menuitemcheckbox', 'menuitem', 'option', 'clickable'];

// Open the cascader, then click the deepest level shown so far.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /place/i);
  if (/Zhong Hua Men/.test(box.name)) return finish('The place is set.', ['Zhong Hua Men']);
  for (const level of ['Zhong Hua Men', 'Nanjing', 'Jiangsu']) {
    const option = find(seen, ITEM, new RegExp(`^${level}\\b`));
    if (option) return act('click', { ref: option.ref });
  }
  return act('click', { ref: box.ref });
};
export default policy;
