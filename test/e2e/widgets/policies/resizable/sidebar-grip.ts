import { act, finish, need, type Policy } from '../../policy-kit';

// The sidebar widens only by its grip, which has no cursor: the observation lists it by what it resizes.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'drag' && !seen.results.some((r) => r.isError))
    return finish('The Folders sidebar is wider now.', ['Folders']);
  const grip = need(seen, 'separator', /resize “Folders”/);
  return act('drag', { ref: grip.ref, dx: 200 });
};
export default policy;
