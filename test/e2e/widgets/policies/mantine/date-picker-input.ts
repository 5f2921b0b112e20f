import { act, find, finish, need, type Policy } from '../../policy-kit';

// Open the calendar (it opens on June 2026) and click the day labelled 20 June 2026.
const policy: Policy = (seen) => {
  const field = need(seen, ['button', 'textbox'], /appointment date/i);
  if (/June 20, 2026|20 June 2026|2026-06-20/.test(`${field.name} ${field.value ?? ''}`))
    return finish('The appointment is on 20 June 2026.', ['Appointment date']);
  const day = find(seen, 'button', /^20 June 2026$|^June 20,? 2026$/);
  if (day) return act('click', { ref: day.ref });
  return act('click', { ref: field.ref });
};
export default policy;
