import { act, finish, need, type Policy, shows } from '../../policy-kit';

// Select the second "red", then type over it.
const policy: Policy = (seen) => {
  const fable = need(seen, 'textbox', /fable/i);
  if (shows(seen, /a brown hen/)) return finish('The hen is brown.', ['a brown hen']);
  if (seen.previousTools.at(-1) === 'select_text') return act('type', { ref: fable.ref, text: 'brown', clear: false });
  return act('select_text', { ref: fable.ref, text: 'red', occurrence: 2 });
};
export default policy;
