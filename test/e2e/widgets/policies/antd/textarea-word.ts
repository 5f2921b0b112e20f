import { act, finish, need, type Policy } from '../../policy-kit';

// Select the first "Monday" in the field, then type over just that word.
const policy: Policy = (seen) => {
  const note = need(seen, 'textbox', /delivery note/i);
  if (note.value?.startsWith('Ship the order on Wednesday. If Monday'))
    return finish('The order ships on Wednesday.', ['Ship the order on Wednesday']);
  if (seen.previousTools.at(-1) === 'select_text')
    return act('type', { ref: note.ref, text: 'Wednesday', clear: false });
  return act('select_text', { ref: note.ref, text: 'Monday', occurrence: 1 });
};
export default policy;
