import { act, find, finish, need, type Policy, shows } from '../../policy-kit';

// "count, half" stands only on line 3: find it, double-click its first word, type over the selection.
const policy: Policy = (seen) => {
  const code = need(seen, 'textbox', /module/i);
  if (shows(seen, /report\(total, half\)/)) return finish('Line 3 reports total.', ['report(total, half)']);
  const last = seen.previousTools.at(-1);
  if (last === 'double_click') return act('type', { ref: code.ref, text: 'total', clear: false });
  const words = find(seen, 'text', /count, half/);
  if (words) return act('double_click', { ref: words.ref });
  if (last === 'find') throw new Error(`find gave no text ref for the words:\n${seen.text}`);
  return act('find', { query: 'count, half' });
};
export default policy;
