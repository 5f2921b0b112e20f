import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const field = need(seen, ['textbox', 'combobox'], /start time|select time/i);
  if (field.value === '14:30:00' && seen.previousTools.at(-1) === 'type')
    return finish('The start time is 14:30:00.', ['Start time']);
  return act('type', { ref: field.ref, text: '14:30:00', submit: true });
};
export default policy;
