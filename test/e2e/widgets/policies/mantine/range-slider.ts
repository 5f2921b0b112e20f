import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const from = need(seen, 'slider', /budget from/i);
  const to = need(seen, 'slider', /budget to/i);
  if (from.value !== '25') return act('set_value', { ref: from.ref, value: 25 });
  if (to.value !== '75') return act('set_value', { ref: to.ref, value: 75 });
  return finish('The budget is 25 – 75.', ['Budget']);
};
export default policy;
