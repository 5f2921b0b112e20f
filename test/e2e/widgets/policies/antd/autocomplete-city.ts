import { act, find, finish, need, type Policy } from '../../policy-kit';

// Type the start of the name, then pick the suggestion (typing the whole name is not picking it).
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /city/i);
  if (box.value === 'London' && seen.previousTools.at(-1) === 'click') return finish('London is set.', ['London']);
  const suggestion = find(seen, ['option', 'clickable'], /^London$/);
  if (box.value === 'Lon' && suggestion) return act('click', { ref: suggestion.ref });
  return act('type', { ref: box.ref, text: 'Lon' });
};
export default policy;
