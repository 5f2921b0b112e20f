import { act, control, finish, type Policy } from '../../policy-kit';

// Click the checkbox of "Call the bank" (the row's button takes the press); done when it reads checked.
const policy: Policy = (seen) => {
  const bank = control(seen, 'checkbox', /call the bank/i);
  if (bank.checked) return finish('Call the bank is ticked.', ['Call the bank']);
  return act('click', { ref: bank.ref });
};
export default policy;
