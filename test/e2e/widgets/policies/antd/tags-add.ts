import { act, finish, need, type Policy } from '../../policy-kit';

// Type a tag and press Enter, once per tag; a tag shows in the box's name once added.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /tags/i);
  const missing = ['urgent', 'backend'].filter((tag) => !box.name.includes(tag));
  const next = missing[0];
  if (!next) return finish('Both tags are added.', ['urgent', 'backend']);
  return act('type', { ref: box.ref, text: next, submit: true });
};
export default policy;
