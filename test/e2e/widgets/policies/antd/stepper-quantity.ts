import { act, control, finish, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const quantity = control(seen, 'spinbutton', /quantity/i);
  if (quantity.value === '7') return finish('The quantity is 7.', ['Quantity']);
  return act('type', { ref: quantity.ref, text: '7' });
};
export default policy;
