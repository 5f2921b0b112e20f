import { act, control, finish, type Policy } from '../../policy-kit';

// Click the "Express delivery" radio (its label is what the pointer presses); done when it reads checked.
const policy: Policy = (seen) => {
  const express = control(seen, 'radio', /^express delivery$/i);
  if (express.checked) return finish('Express delivery is chosen.', ['Express delivery']);
  return act('click', { ref: express.ref });
};
export default policy;
