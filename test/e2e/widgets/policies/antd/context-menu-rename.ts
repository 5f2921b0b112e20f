import { act, find, finish, need, type Policy } from '../../policy-kit';

// Right-click the file, then choose Rename.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('Rename was chosen.', ['report.pdf']);
  const rename = find(seen, 'menuitem', /^Rename$/);
  if (rename) return act('click', { ref: rename.ref });
  return act('right_click', { ref: need(seen, ['button', 'clickable'], /report\.pdf/).ref });
};
export default policy;
