import { act, finish, type Policy } from '../../policy-kit';

// Each row's checkbox sits on the row's line; find the checkbox just before the name.
const policy: Policy = (seen) => {
  const lines = seen.text.split('\n');
  const boxFor = (name: string) => {
    const at = lines.findIndex((line) => line.includes(name));
    const box = seen.controls
      .filter((c) => c.role === 'checkbox')
      .findLast((c) => lines.findIndex((l) => l.startsWith(`[${c.ref}] `)) < at);
    if (!box) throw new Error(`No checkbox before ${name} in:\n${seen.text}`);
    return box;
  };
  for (const name of ['Chloe A.', 'Finn A.']) {
    const box = boxFor(name);
    if (!box.checked) return act('check', { ref: box.ref, checked: true });
  }
  return finish('Both rows are selected.', ['Chloe A.', 'Finn A.']);
};
export default policy;
