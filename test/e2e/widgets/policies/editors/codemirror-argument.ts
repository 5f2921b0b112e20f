import { act, find, finish, need, type Policy, shows } from '../../policy-kit';

// "error" and "pager" stand together only in the notify call: find them, double-click the first, type over it.
const policy: Policy = (seen) => {
  const code = need(seen, 'textbox', /handler/i);
  if (shows(seen, /notify\(\\?"alert/)) return finish('notify raises an alert.', ['notify("alert"']);
  const last = seen.previousTools.at(-1);
  if (last === 'double_click') return act('type', { ref: code.ref, text: 'alert', clear: false });
  const words = find(seen, 'text', /pager/);
  if (words) return act('double_click', { ref: words.ref });
  if (last === 'find') throw new Error(`find gave no text ref for the words:\n${seen.text}`);
  return act('find', { query: 'error pager' });
};
export default policy;
