import { act, find, finish, need, type Policy, type Seen } from '../../policy-kit';

// Open the panel, click 07 in the hour column and 45 in the minute column (scrolling a column for a cell out of
// view), then OK. The cells are told apart by their column's name.
function cell(seen: Seen, value: string, column: string) {
  const wanted = find(seen, 'clickable', new RegExp(`^${value} \\(${column}\\)$`));
  if (wanted) return act('click', { ref: wanted.ref });
  const any = need(seen, 'clickable', new RegExp(`^\\d+ \\(${column}\\)$`));
  return act('scroll', { ref: any.ref, direction: 'down' });
}

const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /departure time/i);
  const ok = find(seen, ['button', 'clickable'], /^OK$/);
  if (field.value === '07:45' && !ok) return finish('The departure time is 07:45.', ['Departure time']);
  if (!ok) return act('click', { ref: field.ref });
  const [hour, minute] = (field.value ?? '').split(':');
  if (hour !== '07') return cell(seen, '07', 'hour');
  if (minute !== '45') return cell(seen, '45', 'minute');
  return act('click', { ref: ok.ref });
};
export default policy;
