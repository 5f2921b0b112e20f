import { act, control, finish, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const alerts = control(seen, 'switch', /email alerts/i);
  if (alerts.checked) return finish('Email alerts are on.', ['Email alerts']);
  return act('check', { ref: alerts.ref, checked: true });
};
export default policy;
