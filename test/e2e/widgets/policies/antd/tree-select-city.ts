import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// Open the popup, expand Europe by its expander (its own ref when listed, else the caret at the left end of its
// item), pick Rome.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /office/i);
  if (/Rome/.test(box.name)) return finish('Rome is the office.', ['Rome']);
  if (!lineOf(seen, box).includes('expanded')) return act('click', { ref: box.ref });
  const rome = find(seen, 'treeitem', /^Rome$/);
  if (rome) return act('click', { ref: rome.ref });
  const expander = find(seen, ['button', 'clickable'], /expander of .*Europe/i);
  if (expander) return act('click', { ref: expander.ref });
  return act('click', { ref: need(seen, 'treeitem', /Europe/).ref, at: { x: 0.02, y: 0.5 } });
};
export default policy;
