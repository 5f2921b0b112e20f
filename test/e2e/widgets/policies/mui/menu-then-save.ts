import { act, find, finish, need, type Policy, shows } from '../../policy-kit';

// Open Draft actions, choose Archive, then press Save draft straight away (the menu may still be closing over it).
const policy: Policy = (seen) => {
  if (shows(seen, /Status: Archived · Saved/)) return finish('The draft is archived and saved.', ['Save draft']);
  if (shows(seen, /Status: Archived/)) return act('click', { ref: need(seen, 'button', /^Save draft$/).ref });
  const archive = find(seen, 'menuitem', /^Archive$/);
  if (archive) return act('click', { ref: archive.ref });
  return act('click', { ref: need(seen, 'button', /^Draft actions$/).ref });
};
export default policy;
