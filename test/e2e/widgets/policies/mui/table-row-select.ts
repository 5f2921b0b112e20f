import { act, finish, need, type Policy } from '../../policy-kit';

// Tick the Donut row's checkbox (the one named by its cell, not the row); done when it reads checked.
const policy: Policy = (seen) => {
  const donut = need(seen, 'checkbox', /^donut$/i);
  if (donut.checked) return finish('Donut is selected.', ['Donut']);
  return act('click', { ref: donut.ref });
};
export default policy;
