import { act, find, finish, lineOf, need, type Policy, type Seen } from '../../policy-kit';

// The cells come in two scroll areas, each cell named with its column's range: an hour "14 (of 00–23)", a minute
// "35 (of 00–55)"; each is clicked once its column shows it. The spin inputs say when both are set.
const shown = (seen: Seen, label: RegExp) => lineOf(seen, need(seen, 'spinbutton', label));

const policy: Policy = (seen) => {
  if (/"14"/.test(shown(seen, /hours/i)) && /"35"/.test(shown(seen, /minutes/i)))
    return finish('The meeting time is set to 14:35.', ['14', '35']);
  const areas = seen.controls.filter((c) => c.role === 'scrollarea');
  if (areas.length < 2) return act('click', { ref: need(seen, 'spinbutton', /hours/i).ref });
  if (!/"14"/.test(shown(seen, /hours/i))) {
    const hour = find(seen, 'button', /^14 \(of 00–23\)$/);
    return hour ? act('click', { ref: hour.ref }) : act('scroll', { ref: areas[0]?.ref, direction: 'down' });
  }
  const minute = find(seen, 'button', /^35 \(of 00–55\)$/);
  return minute ? act('click', { ref: minute.ref }) : act('scroll', { ref: areas[1]?.ref, direction: 'down' });
};
export default policy;
