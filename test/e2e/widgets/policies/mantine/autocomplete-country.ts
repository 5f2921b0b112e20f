import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const box = need(seen, ['combobox', 'textbox'], /destination/i);
  if (box.value === 'Portugal' && seen.previousTools.at(-1) === 'click')
    return finish('Portugal is set.', ['Destination']);
  const option = find(seen, 'option', /^Portugal$/);
  if (option) return act('click', { ref: option.ref });
  return act('type', { ref: box.ref, text: 'Por' });
};
export default policy;
