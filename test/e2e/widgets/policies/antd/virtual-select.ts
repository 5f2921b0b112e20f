import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// Open the select and scroll its list (from an option in it) until Seat 120 is drawn, then click it.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /seat/i);
  if (/Seat 120\b/.test(box.name)) return finish('Seat 120 is chosen.', ['Seat 120']);
  const seat = find(seen, ['option', 'clickable'], /^Seat 120$/);
  if (seat) return act('click', { ref: seat.ref });
  if (!lineOf(seen, box).includes('expanded')) return act('click', { ref: box.ref });
  const shown = seen.controls.filter((c) => /^Seat \d+$/.test(c.name));
  const last = shown.at(-1);
  if (!last) throw new Error(`No seats listed in:\n${seen.text}`);
  const lastNumber = Number(last.name.slice('Seat '.length));
  // Big steps while far away, one screen at a time once close.
  const amount = Math.abs(120 - lastNumber) > 25 ? 3 : 1;
  return act('scroll', { ref: last.ref, direction: lastNumber < 120 ? 'down' : 'up', amount });
};
export default policy;
