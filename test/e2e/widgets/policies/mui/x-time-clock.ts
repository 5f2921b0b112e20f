import { act, finish, need, type Policy } from '../../policy-kit';

// The dial's option for 4 hours, clicked where a mouse would press it (over the clock's mask).
const policy: Policy = (seen) => {
  const four = need(seen, ['option', 'clickable'], /^4 hours$/i);
  if (four.checked || seen.previousTools.at(-1) === 'click') return finish('4 o’clock is chosen.', ['4 hours']);
  return act('click', { ref: four.ref });
};
export default policy;
