import { act, controlBefore, finish, type Policy } from '../../policy-kit';

// Each row's checkbox is listed just before the row's text.
const policy: Policy = (seen) => {
  for (const name of ['Chloe A.', 'Finn A.']) {
    const box = controlBefore(seen, 'checkbox', new RegExp(`^${name}`));
    if (!box) throw new Error(`No checkbox before ${name} in:\n${seen.text}`);
    if (!box.checked) return act('check', { ref: box.ref, checked: true });
  }
  return finish('Both rows are selected.', ['Chloe A.', 'Finn A.']);
};
export default policy;
