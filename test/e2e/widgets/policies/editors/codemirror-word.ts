import { act, finish, need, type Policy, shows } from '../../policy-kit';

// Select the second "recent" (the one inside the call), then type over it.
const policy: Policy = (seen) => {
  const code = need(seen, 'textbox', /script/i);
  if (shows(seen, /fetchItems\(limit, \\?"popular/)) return finish('The call asks for popular items.', ['"popular"']);
  if (seen.previousTools.at(-1) === 'select_text') return act('type', { ref: code.ref, text: 'popular', clear: false });
  return act('select_text', { ref: code.ref, text: 'recent', occurrence: 1 });
};
export default policy;
