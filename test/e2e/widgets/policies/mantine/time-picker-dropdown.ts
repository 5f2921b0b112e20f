import { act, find, finish, lineOf, need, type Policy, type Seen } from '../../policy-kit';

// The cells come in two scroll areas, hours first; "14" is only an hour and "35" only a minute (minutes go by 5), so
// each is clicked by its number once its column shows it. The spin inputs say when both are set.
const shown = (seen: Seen, label: RegExp) => lineOf(seen, need(seen, 'spinbutton', label));

const policy: Policy = (seen) => {
  if (/"14"/.test(shown(seen, /hours/i)) && /"35"/.test(shown(seen, /minutes/i)))
    return finish('The meeting time is set to 14:35.', ['14', '35']);
  const areas = seen.controls.filter((c) => c.role === 'scrollarea');
  if (areas.length < 2) return act('click', { ref: need(seen, 'spinbutton', /hours/i).ref });
  if (!/"14"/.test(shown(seen, /hours/i))) {
    const hour = find(seen, 'button', /^14$/);
    return hour ? act('click', { ref: hour.ref }) : act('scroll', { ref: areas[0]?.ref, direction: 'down' });
  }
  const minute = find(seen, 'button', /^35$/);
  return minute ? act('click', { ref: minute.ref }) : act('scroll', { ref: areas[1]?.ref, direction: 'down' });
};
export default policy;
