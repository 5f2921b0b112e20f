import { act, control, finish, type Policy } from '../../policy-kit';

// Click the checkbox of "Invoices.xlsx" (its row takes the press); done when it reads checked.
const policy: Policy = (seen) => {
  const invoices = control(seen, 'checkbox', /invoices\.xlsx/i);
  if (invoices.checked) return finish('Invoices.xlsx is chosen.', ['Invoices.xlsx']);
  return act('click', { ref: invoices.ref });
};
export default policy;
