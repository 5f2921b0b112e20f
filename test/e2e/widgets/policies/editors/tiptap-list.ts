import { act, finish, need, type Policy } from '../../policy-kit';

// Caret to the end of the last item, Enter for a new item, then type into it without clearing the list.
const policy: Policy = (seen) => {
  const list = need(seen, 'textbox', /shopping list/i);
  // The observation shows the editor's text run together ("MilkEggs"); once Bread is in it, the typing is done.
  if (list.value?.includes('Bread')) return finish('Bread is on the list.', ['Bread']);
  switch (seen.index) {
    case 0:
      return act('click', { ref: list.ref });
    case 1:
      return act('press_key', { key: 'End', modifiers: ['Control'], ref: list.ref });
    case 2:
      return act('press_key', { key: 'Enter', ref: list.ref });
    default:
      return act('type', { ref: list.ref, text: 'Bread', clear: false });
  }
};
export default policy;
