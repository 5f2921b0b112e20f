import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// Open the select and type; the options come a moment later, so wait for the city before clicking it.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /delivery city/i);
  if (/Lisbon/.test(box.name)) return finish('Lisbon is the delivery city.', ['Lisbon']);
  const option = find(seen, ['option', 'clickable'], /^Lisbon$/);
  if (option) return act('click', { ref: option.ref });
  if (!lineOf(seen, box).includes('expanded')) return act('click', { ref: box.ref });
  if (!/value="Lis/.test(lineOf(seen, box))) return act('type', { ref: box.ref, text: 'Lis' });
  return act('wait_for', { text: 'Lisbon', timeoutMs: 3000 });
};
export default policy;
