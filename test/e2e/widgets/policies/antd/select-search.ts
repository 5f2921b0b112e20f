import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// Open the select, type to filter, click the option; done once the box shows Mango.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /fruit/i);
  if (/Mango/.test(box.name)) return finish('Mango is chosen.', ['Mango']);
  const option = find(seen, ['option', 'clickable'], /^Mango$/);
  if (option) return act('click', { ref: option.ref });
  if (lineOf(seen, box).includes('expanded')) return act('type', { ref: box.ref, text: 'Man' });
  return act('click', { ref: box.ref });
};
export default policy;
