import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const box = need(seen, ['combobox', 'textbox'], /framework/i);
  if (box.value === 'Svelte') return finish('Svelte is chosen.', ['Framework']);
  const option = find(seen, 'option', /^Svelte$/);
  if (option) return act('click', { ref: option.ref });
  return act('click', { ref: box.ref });
};
export default policy;
