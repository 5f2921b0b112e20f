import { act, find, finish, need, type Policy, shows } from '../../policy-kit';

// find "cat hunts" for the neighbour's cat, double-click it (selects "cat"), type over the selection.
const policy: Policy = (seen) => {
  const diary = need(seen, 'textbox', /diary/i);
  if (shows(seen, /her dog hunts/)) return finish("The neighbour's animal is a dog.", ['her dog hunts']);
  const last = seen.previousTools.at(-1);
  if (last === 'double_click') return act('type', { ref: diary.ref, text: 'dog', clear: false });
  const words = find(seen, 'text', /cat hunts/);
  if (words) return act('double_click', { ref: words.ref });
  if (last === 'find') throw new Error(`find gave no text ref for the words:\n${seen.text}`);
  return act('find', { query: 'cat hunts' });
};
export default policy;
