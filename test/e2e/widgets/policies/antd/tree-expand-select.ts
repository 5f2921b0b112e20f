import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// Expand Vegetables by its expander (its own ref when listed, else the caret at the left end of the item), then
// select Leek; when a click on the row did nothing, click the title the row lists separately, as the repair asks.
const policy: Policy = (seen) => {
  const leek = find(seen, 'treeitem', /^Leek$/);
  if (leek && / selected/.test(lineOf(seen, leek))) return finish('Leek is selected.', ['Leek']);
  if (leek) {
    const rowDidNothing = seen.results.some((r) => /Clicked \[\d+\] treeitem "Leek", but nothing/.test(r.text));
    const title = find(seen, 'clickable', /^Leek$/);
    return act('click', { ref: (rowDidNothing && title ? title : leek).ref });
  }
  const expander = find(seen, ['button', 'clickable'], /expander of .*Vegetables/i);
  if (expander) return act('click', { ref: expander.ref });
  return act('click', { ref: need(seen, 'treeitem', /Vegetables/).ref, at: { x: 0.01, y: 0.5 } });
};
export default policy;
