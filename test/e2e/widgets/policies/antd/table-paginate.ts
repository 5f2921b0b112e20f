import { act, finish, lineOf, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const three = need(seen, ['link', 'button', 'listitem', 'clickable'], /^3$/);
  if (/ (current|selected)/.test(lineOf(seen, three)) || seen.previousTools.at(-1) === 'click')
    return finish('Page 3 is shown.', ['3']);
  return act('click', { ref: three.ref });
};
export default policy;
