import { act, finish, need, type Policy } from '../../policy-kit';

// Drag the item onto the first one; done when it is listed first.
const policy: Policy = (seen) => {
  const items = seen.controls.filter((c) => c.role === 'button');
  if (items[0]?.name === 'Write tests') return finish('"Write tests" is at the top.', ['Write tests']);
  const first = items[0];
  if (!first) throw new Error(`No items in:\n${seen.text}`);
  return act('drag', { ref: need(seen, 'button', /^Write tests$/).ref, toRef: first.ref });
};
export default policy;
