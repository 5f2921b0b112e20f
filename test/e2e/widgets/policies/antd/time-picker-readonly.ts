import { act, find, finish, need, type Policy, type Seen } from '../../policy-kit';

// The field takes no typing: open its panel, click 14 in the hour column, 30 in the minute column, 00 in the second
// column (scrolling a column when its cell is out of view), then OK. The cells are told apart by their column's name.
function cell(seen: Seen, value: string, column: string) {
  const wanted = find(seen, 'clickable', new RegExp(`^${value} \\(${column}\\)$`));
  if (wanted) return act('click', { ref: wanted.ref });
  const any = need(seen, 'clickable', new RegExp(`^\\d+ \\(${column}\\)$`));
  return act('scroll', { ref: any.ref, direction: 'down' });
}

const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /alarm time/i);
  const ok = find(seen, ['button', 'clickable'], /^OK$/);
  if (field.value === '14:30:00' && !ok) return finish('The alarm time is 14:30:00.', ['Alarm time']);
  if (!ok) return act('click', { ref: field.ref });
  const [hour, minute, second] = (field.value ?? '').split(':');
  if (hour !== '14') return cell(seen, '14', 'hour');
  if (minute !== '30') return cell(seen, '30', 'minute');
  if (second !== '00') return cell(seen, '00', 'second');
  return act('click', { ref: ok.ref });
};
export default policy;
