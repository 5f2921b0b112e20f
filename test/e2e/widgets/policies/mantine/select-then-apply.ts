import { act, find, finish, need, type Policy, shows } from '../../policy-kit';

// Open Page size, choose 50 rows, then press Apply page size straight away (the list may still be closing over it).
const policy: Policy = (seen) => {
  if (shows(seen, /Applied: 50 rows/)) return finish('The page size is 50 rows.', ['Apply page size']);
  const option = find(seen, ['option', 'clickable'], /^50 rows$/);
  if (option) return act('click', { ref: option.ref });
  // The list is closed: the field shows the size chosen, as its value or as text beside it.
  if (shows(seen, /50 rows/)) return act('click', { ref: need(seen, 'button', /^Apply page size$/).ref });
  return act('click', { ref: need(seen, 'combobox', /page size/i).ref });
};
export default policy;
