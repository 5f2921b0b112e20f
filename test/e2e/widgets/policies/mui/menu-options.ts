import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const item = find(seen, 'menuitem', /^Duplicate$/);
  if (item) return act('click', { ref: item.ref });
  if (seen.previousTools.at(-1) === 'click' && seen.index > 1)
    return finish('The file is duplicated.', ['File options']);
  return act('click', { ref: need(seen, 'button', /file options/i).ref });
};
export default policy;
