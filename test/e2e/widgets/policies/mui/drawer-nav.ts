import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const starred = find(seen, ['button', 'link', 'menuitem', 'clickable'], /^Starred$/);
  if (starred) return act('click', { ref: starred.ref });
  if (seen.previousTools.at(-1) === 'click' && seen.index > 1) return finish('Starred is open.', ['Open navigation']);
  return act('click', { ref: need(seen, 'button', /open navigation/i).ref });
};
export default policy;
