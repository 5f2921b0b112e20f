import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const alarm = need(seen, ['textbox', 'time', 'spinbutton'], /alarm/i);
  if (alarm.value === '06:45') return finish('The alarm is set to 06:45.', ['Alarm']);
  return act('set_value', { ref: alarm.ref, value: '06:45' });
};
export default policy;
