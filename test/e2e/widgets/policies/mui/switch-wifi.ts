import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const wifi = need(seen, ['switch', 'checkbox'], /wi-fi/i);
  if (!wifi.checked) return finish('Wi-Fi is off.', ['Wi-Fi']);
  return act('check', { ref: wifi.ref, checked: false });
};
export default policy;
