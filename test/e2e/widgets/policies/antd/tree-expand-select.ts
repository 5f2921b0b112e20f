import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// Select Leek once it shows; until then expand Vegetables through its expander.
const policy: Policy = (seen) => {
  const leek = find(seen, ['treeitem', 'clickable', 'option'], /^Leek$/);
  if (leek && / selected/.test(lineOf(seen, leek))) return finish('Leek is selected.', ['Leek']);
  if (leek) return act('click', { ref: leek.ref });
  const vegetables = need(seen, ['treeitem', 'button', 'clickable'], /vegetables/i);
  const expander = find(seen, ['button', 'clickable'], /expand|open|caret|switcher/i);
  return act('click', { ref: (expander ?? vegetables).ref });
};
export default policy;
