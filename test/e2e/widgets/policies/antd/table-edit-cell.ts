import { act, find, finish, need, type Policy } from '../../policy-kit';

// Click the name to edit it, type the new one and press Enter.
const policy: Policy = (seen) => {
  if (seen.text.includes('Devi Rao') && !find(seen, 'textbox', /name/i)) return finish('Renamed.', ['Devi Rao']);
  const field = find(seen, 'textbox', /name/i);
  if (field) return act('type', { ref: field.ref, text: 'Devi Rao', submit: true });
  return act('click', { ref: need(seen, ['clickable', 'cell'], /^Dev A\.$/).ref });
};
export default policy;
