import { act, finish, need, type Policy, shows } from '../../policy-kit';

// Press the next arrow until Autumn is the slide in view (the observation lists the slide shown).
const policy: Policy = (seen) => {
  if (seen.index >= 2 && shows(seen, /^Autumn$/) && !shows(seen, /^Summer$/))
    return finish('Autumn is shown.', ['Autumn']);
  return act('click', { ref: need(seen, ['button', 'clickable'], /next|right/i).ref });
};
export default policy;
