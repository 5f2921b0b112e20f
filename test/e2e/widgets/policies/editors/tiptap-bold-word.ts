import { act, find, finish, type Policy } from '../../policy-kit';

// find gives the words "quick grey" a text ref; a double-click on it selects its first word, as a person's does;
// then the editor's own Control+B. The observation does not show bold, so the page's check judges the end.
const policy: Policy = (seen) => {
  const last = seen.previousTools.at(-1);
  if (last === 'press_key') return finish('"quick" before "grey wolf" is bold.', ['quick grey wolf']);
  if (last === 'double_click') return act('press_key', { key: 'b', modifiers: ['Control'] });
  const words = find(seen, 'text', /quick grey/);
  if (words) return act('double_click', { ref: words.ref });
  if (last === 'find') throw new Error(`find gave no text ref for the words:\n${seen.text}`);
  return act('find', { query: 'quick grey' });
};
export default policy;
