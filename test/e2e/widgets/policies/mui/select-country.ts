import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /country/i);
  if (/Japan/.test(`${box.name} ${box.value ?? ''}`)) return finish('Japan is chosen.', ['Japan']);
  const option = find(seen, 'option', /^Japan$/);
  if (option) return act('click', { ref: option.ref });
  return act('click', { ref: box.ref });
};
export default policy;
