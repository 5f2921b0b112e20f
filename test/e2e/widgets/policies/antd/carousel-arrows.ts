import { act, finish, need, type Policy, shows } from '../../policy-kit';

// Press the next arrow until Autumn is in view. Right after a press the observation may show the slide leaving and
// the one arriving (the slide animates for half a second), so Autumn listed after a press is enough.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click' && shows(seen, /^#* ?Autumn$/) && !shows(seen, /^#* ?Winter$/))
    return finish('Autumn is shown.', ['Autumn']);
  return act('click', { ref: need(seen, ['button', 'clickable'], /next/i).ref });
};
export default policy;
