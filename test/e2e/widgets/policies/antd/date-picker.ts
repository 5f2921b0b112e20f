import { act, finish, need, type Policy } from '../../policy-kit';

// Type the date into the field and press Enter to commit it, as a person does.
const policy: Policy = (seen) => {
  const field = need(seen, ['textbox', 'combobox'], /delivery date|select date/i);
  if (field.value === '2026-03-15' && seen.previousTools.at(-1) === 'type')
    return finish('The delivery date is 2026-03-15.', ['Delivery date']);
  return act('type', { ref: field.ref, text: '2026-03-15', submit: true });
};
export default policy;
