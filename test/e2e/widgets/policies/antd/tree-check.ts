import { act, finish, need, type Policy } from '../../policy-kit';

// Tick each wanted node's own checkbox.
const policy: Policy = (seen) => {
  const boxes = ['Vue', 'Go'].map((name) => need(seen, 'checkbox', new RegExp(`^${name}$`)));
  const unticked = boxes.find((box) => !box.checked);
  if (!unticked) return finish('Vue and Go are ticked.', ['Vue', 'Go']);
  return act('check', { ref: unticked.ref, checked: true });
};
export default policy;
