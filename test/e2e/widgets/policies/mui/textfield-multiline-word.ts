import { act, finish, need, type Policy } from '../../policy-kit';

// Select the second "north", then type over just that word.
const policy: Policy = (seen) => {
  const directions = need(seen, 'textbox', /directions/i);
  if (/If the south gate/.test(directions.value ?? ''))
    return finish('The closed gate is the south one.', ['If the south gate is closed']);
  if (seen.previousTools.at(-1) === 'select_text')
    return act('type', { ref: directions.ref, text: 'south', clear: false });
  return act('select_text', { ref: directions.ref, text: 'north', occurrence: 2 });
};
export default policy;
