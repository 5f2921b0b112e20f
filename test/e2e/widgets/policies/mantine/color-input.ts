import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /accent color/i);
  if (field.value?.toLowerCase() === '#ff6b6b' && seen.previousTools.at(-1) === 'type')
    return finish('The accent color is #ff6b6b.', ['Accent color']);
  return act('type', { ref: field.ref, text: '#ff6b6b', submit: true });
};
export default policy;
