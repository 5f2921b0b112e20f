import { act, find, finish, need, type Policy } from '../../policy-kit';

// Open the City filter, tick Berlin, press OK.
const policy: Policy = (seen) => {
  const ok = find(seen, 'button', /^OK$/);
  const berlin = find(seen, ['checkbox', 'menuitemcheckbox', 'menuitem'], /^Berlin$/);
  if (berlin && !berlin.checked) return act('click', { ref: berlin.ref });
  if (berlin && ok) return act('click', { ref: ok.ref });
  if (seen.previousTools.at(-1) === 'click' && seen.index > 2) return finish('Only Berlin is shown.', ['Berlin']);
  return act('click', { ref: need(seen, ['button', 'clickable'], /filter/i).ref });
};
export default policy;
