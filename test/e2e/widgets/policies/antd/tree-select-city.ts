import { act, find, finish, need, type Policy } from '../../policy-kit';

// Open the popup, expand Europe (its expander has to be reachable), pick Rome.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /office/i);
  if (/Rome/.test(box.name)) return finish('Rome is the office.', ['Rome']);
  const rome = find(seen, ['treeitem', 'option', 'clickable'], /^Rome$/);
  if (rome) return act('click', { ref: rome.ref });
  const expander = find(seen, ['button', 'clickable'], /expand|Europe/i);
  if (expander && seen.text.includes('Europe')) {
    const europe = find(seen, ['button'], /expand.*Europe|Europe.*expand/i) ?? expander;
    return act('click', { ref: europe.ref });
  }
  return act('click', { ref: box.ref });
};
export default policy;
