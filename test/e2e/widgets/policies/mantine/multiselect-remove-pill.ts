import { act, find, finish, type Policy, shows } from '../../policy-kit';

// Each chosen framework is a pill in the box with a small remove button of its own: press Vue's, and only it.
const policy: Policy = (seen) => {
  const remove = find(seen, 'button', /^remove of “Vue”$/);
  if (!remove) {
    if (!shows(seen, /remove of “React”/) || !shows(seen, /remove of “Svelte”/))
      throw new Error('a pill lost its remove button, or React or Svelte is gone');
    return finish('Vue is removed; React and Svelte stay.', ['React', 'Svelte']);
  }
  return act('click', { ref: remove.ref });
};
export default policy;
