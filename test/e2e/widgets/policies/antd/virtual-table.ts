import { act, find, finish, lineOf, type Policy } from '../../policy-kit';

// Scroll the table's own list until Member 640 is rendered, then tick its checkbox.
const policy: Policy = (seen) => {
  const lines = seen.text.split('\n');
  const at = lines.findIndex((line) => /\bMember 640\b/.test(line));
  if (at >= 0) {
    const box = seen.controls.filter((c) => c.role === 'checkbox').findLast((c) => lines.indexOf(lineOf(seen, c)) < at);
    if (box?.checked) return finish('Member 640 is selected.', ['Member 640']);
    if (box) return act('check', { ref: box.ref, checked: true });
  }
  const list =
    find(seen, ['scrollable', 'grid', 'table', 'rowgroup'], /.*/) ??
    seen.controls.find((c) => /scroll/.test(lineOf(seen, c)));
  if (!list) throw new Error(`No scrollable list in:\n${seen.text}`);
  const numbers = [...seen.text.matchAll(/Member (\d+)/g)].map((m) => Number(m[1]));
  const last = Math.max(0, ...numbers);
  return act('scroll', { ref: list.ref, direction: last < 640 ? 'down' : 'up', amount: last < 500 ? 10 : 1 });
};
export default policy;
