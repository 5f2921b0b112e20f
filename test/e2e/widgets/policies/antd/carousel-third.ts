import { act, find, finish, lineOf, type Policy } from '../../policy-kit';

// The carousel's dots are buttons numbered 1..4; Forests is the third slide.
const policy: Policy = (seen) => {
  const dot = find(seen, ['button', 'tab', 'clickable'], /^3$/);
  if (dot && / (selected|pressed|current)/.test(lineOf(seen, dot)) && seen.previousTools.at(-1) === 'click')
    return finish('The Forests slide is shown.', ['Forests']);
  if (!dot) throw new Error(`No dot 3 in:\n${seen.text}`);
  return act('click', { ref: dot.ref });
};
export default policy;
