import { act, find, finish, type Policy } from '../../policy-kit';

// The × is a small icon at the right end of the chip, with no ref of its own: click that point of the chip.
const policy: Policy = (seen) => {
  const draft = find(seen, ['button', 'clickable'], /^Draft/);
  if (!draft) return finish('The Draft label is removed.', ['Urgent']);
  const cross = find(seen, ['button', 'clickable'], /^(remove|delete|cancel)/i);
  if (cross) return act('click', { ref: cross.ref });
  return act('click', { ref: draft.ref, at: { x: 0.85, y: 0.5 } });
};
export default policy;
