import { act, find, finish, lineOf, need, type Policy } from '../../policy-kit';

// The calendar opens on June 2026; its header's next control moves it a month on. Once August shows, pick the 12th.
const policy: Policy = (seen) => {
  const day = find(seen, 'button', /^12 August 2026$/);
  if (day && /\b(pressed|selected)\b/.test(lineOf(seen, day)))
    return finish('The delivery date is 12 August 2026.', ['August 2026']);
  if (day) return act('click', { ref: day.ref });
  return act('click', { ref: need(seen, 'button', /^next of “\w+ 2026”$/).ref });
};
export default policy;
