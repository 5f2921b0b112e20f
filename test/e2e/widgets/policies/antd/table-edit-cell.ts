import { act, find, finish, need, type Policy, shows } from '../../policy-kit';

// Click the name to edit it (a cell whose click handler the page set), type the new one and press Enter.
const policy: Policy = (seen) => {
  const field = find(seen, 'textbox', /name/i);
  if (shows(seen, /Devi Rao/) && !field) return finish('Renamed.', ['Devi Rao']);
  if (field) return act('type', { ref: field.ref, text: 'Devi Rao', submit: true });
  return act('click', { ref: need(seen, ['clickable', 'cell', 'button'], /^Dev A\.$/).ref });
};
export default policy;
