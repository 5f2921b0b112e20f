import { act, find, finish, type Policy, shows } from '../../policy-kit';

// Click the name to edit it, type the new one and press Enter. The cell's only handler is React's (at the root), so
// the observation lists the name as text: find gives the element holding it a ref (`text "Dev A."`), as a model
// would ask for when it sees the name but nothing to press.
const policy: Policy = (seen) => {
  const field = find(seen, 'textbox', /name/i);
  if (shows(seen, /Devi Rao/) && !field) return finish('Renamed.', ['Devi Rao']);
  if (field) return act('type', { ref: field.ref, text: 'Devi Rao', submit: true });
  const cell = find(seen, ['clickable', 'cell', 'button', 'text'], /^Dev A\.$/);
  if (cell) return act('click', { ref: cell.ref });
  if (seen.previousTools.at(-1) === 'find') throw new Error(`find gave no ref for the name:\n${seen.text}`);
  return act('find', { query: 'Dev A.' });
};
export default policy;
