import { act, control, finish, type Policy } from '../../policy-kit';

// Click the "Remember this device" checkbox (its label is what the pointer presses), once; done when it reads checked.
const policy: Policy = (seen) => {
  const remember = control(seen, 'checkbox', /remember this device/i);
  if (remember.checked) return finish('Remember this device is ticked.', ['Remember this device']);
  return act('click', { ref: remember.ref });
};
export default policy;
