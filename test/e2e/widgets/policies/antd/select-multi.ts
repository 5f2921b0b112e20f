import { act, finish, lineOf, need, type Policy } from '../../policy-kit';

// Open the select and click each wanted option that is not chosen yet; a chosen one shows as a tag in the box.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /colors/i);
  const missing = ['Red', 'Blue'].filter((color) => !box.name.includes(color));
  if (missing.length === 0) return finish('Red and Blue are chosen.', ['Red', 'Blue']);
  if (!lineOf(seen, box).includes('expanded')) return act('click', { ref: box.ref });
  return act('click', { ref: need(seen, ['option', 'clickable'], new RegExp(`^${missing[0]}$`)).ref });
};
export default policy;
