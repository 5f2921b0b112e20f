import { act, find, finish, need, type Policy } from '../../policy-kit';

// Hover the button to open the menu, hover Export to open its submenu, click CSV.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('Exported as CSV.', ['Actions']);
  const csv = find(seen, 'menuitem', /^CSV$/);
  if (csv) return act('click', { ref: csv.ref });
  const exportItem = find(seen, 'menuitem', /^Export/);
  if (exportItem) return act('hover', { ref: exportItem.ref });
  return act('hover', { ref: need(seen, 'button', /actions/i).ref });
};
export default policy;
