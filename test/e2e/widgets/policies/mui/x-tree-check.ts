import { act, finish, need, type Policy } from '../../policy-kit';

// The item's own checkbox, not its row: the row selects on its own in MUI X only through the checkbox.
const policy: Policy = (seen) => {
  const box = need(seen, 'checkbox', /invoices/i);
  if (box.checked) return finish('Invoices is ticked.', ['Invoices']);
  return act('click', { ref: box.ref });
};
export default policy;
