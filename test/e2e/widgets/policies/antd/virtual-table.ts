import { act, controlBefore, finish, type Policy } from '../../policy-kit';

// Scroll the table's own list (from one of its rows) until Member 640 is rendered, then tick its checkbox.
const policy: Policy = (seen) => {
  const box = controlBefore(seen, 'checkbox', /^Member 640$/);
  if (box?.checked) return finish('Member 640 is selected.', ['Member 640']);
  if (box) return act('check', { ref: box.ref, checked: true });
  const rows = seen.controls.filter((c) => /^Select row/.test(c.name));
  const last = rows.at(-1);
  if (!last) throw new Error(`No rows in:\n${seen.text}`);
  const shown = Number(/(\d+)$/.exec(last.name)?.[1] ?? 0);
  if (shown < 640) return act('scroll', { ref: last.ref, direction: 'down', amount: shown < 560 ? 20 : 1 });
  return act('scroll', { ref: last.ref, direction: 'up', amount: 1 });
};
export default policy;
