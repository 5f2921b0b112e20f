import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// Expand the docs folder (its item toggles on click), then click guide.md.
const policy: Policy = (seen) => {
  const guide = find(seen, 'treeitem', /guide\.md/);
  if (guide && / selected/.test(lineOf(seen, guide))) return finish('guide.md is selected.', ['guide.md']);
  if (guide) return act('click', { ref: guide.ref });
  return act('click', { ref: need(seen, 'treeitem', /docs/).ref });
};
export default policy;
