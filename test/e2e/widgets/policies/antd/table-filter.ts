import { act, controlAfter, find, finish, need, type Policy } from '../../policy-kit';

// Open the City filter, tick Berlin, press OK; done when only Berlin rows are listed.
const policy: Policy = (seen) => {
  const rows = [...seen.text.matchAll(/^[A-Z][a-z]+ [A-Z]\. \| (\w+)$/gm)].map((m) => m[1]);
  const ok = find(seen, 'button', /^OK$/);
  if (!ok && rows.length > 0 && rows.every((city) => city === 'Berlin'))
    return finish('Only Berlin is shown.', ['Berlin']);
  if (!ok) return act('click', { ref: need(seen, ['button', 'clickable'], /filter/i).ref });
  const berlin = controlAfter(seen, 'checkbox', /menuitem "Berlin"/);
  if (!berlin) throw new Error(`No Berlin checkbox in:\n${seen.text}`);
  if (!berlin.checked) return act('click', { ref: need(seen, 'menuitem', /^Berlin$/).ref });
  return act('click', { ref: ok.ref });
};
export default policy;
