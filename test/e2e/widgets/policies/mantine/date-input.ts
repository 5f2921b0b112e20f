import { act, finish, need, type Policy } from '../../policy-kit';

// Type the date and press Enter (the field parses it when it commits).
const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /start date/i);
  if (field.value === '2026-07-04' && seen.previousTools.at(-1) === 'type')
    return finish('The start date is 2026-07-04.', ['Start date']);
  return act('type', { ref: field.ref, text: '2026-07-04', submit: true });
};
export default policy;
