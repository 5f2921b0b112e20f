import { act, finish, need, type Policy } from '../../policy-kit';

// Type the start, Enter, then the end, Enter.
const policy: Policy = (seen) => {
  const start = need(seen, ['textbox', 'combobox'], /trip start/i);
  const end = need(seen, ['textbox', 'combobox'], /trip end/i);
  if (start.value !== '2026-05-01') return act('type', { ref: start.ref, text: '2026-05-01', submit: true });
  if (end.value !== '2026-05-07') return act('type', { ref: end.ref, text: '2026-05-07', submit: true });
  return finish('The trip is 2026-05-01 to 2026-05-07.', ['Trip dates']);
};
export default policy;
