import { act, find, finish, type Policy } from '../../policy-kit';

// The row answers only right-click and has no ref of its own: find gives a ref on its text, right_click opens the
// menu there, then Archive.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('Holiday plan.docx is archived.', ['Holiday plan.docx']);
  const archive = find(seen, 'menuitem', /^Archive$/);
  if (archive) return act('click', { ref: archive.ref });
  const row = find(seen, ['clickable', 'text'], /Holiday plan\.docx/);
  if (row && seen.previousTools.at(-1) === 'find') return act('right_click', { ref: row.ref });
  if (seen.previousTools.at(-1) === 'find') throw new Error(`find gave no ref for the row:\n${seen.text}`);
  return act('find', { query: 'Holiday plan.docx' });
};
export default policy;
