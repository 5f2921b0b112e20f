import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// The expander is the caret at the left end of the tree item (no ref of its own): click that point of the item.
const policy: Policy = (seen) => {
  const leek = find(seen, 'treeitem', /^Leek$/);
  if (leek && / selected/.test(lineOf(seen, leek))) return finish('Leek is selected.', ['Leek']);
  if (leek) return act('click', { ref: leek.ref });
  const expander = find(seen, 'button', /expand|caret/i);
  if (expander) return act('click', { ref: expander.ref });
  return act('click', { ref: need(seen, 'treeitem', /Vegetables/).ref, at: { x: 0.01, y: 0.5 } });
};
export default policy;
