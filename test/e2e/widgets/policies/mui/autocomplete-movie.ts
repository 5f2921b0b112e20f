import { act, find, finish, need, type Policy } from '../../policy-kit';

// Type part of the title, then pick the exact suggestion.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /movie/i);
  if (box.value === 'The Godfather: Part II') return finish('The movie is chosen.', ['The Godfather: Part II']);
  const option = find(seen, 'option', /^The Godfather: Part II$/);
  if (option) return act('click', { ref: option.ref });
  return act('type', { ref: box.ref, text: 'Godfather' });
};
export default policy;
