import { act, finish, need, type Policy } from '../../policy-kit';

// The box grows only by dragging its corner handle, which the observation names by the box it resizes.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'drag' && !seen.results.some((r) => r.isError))
    return finish('The notes panel is larger now.', ['Notes panel']);
  const corner = need(seen, 'separator', /Notes panel/);
  return act('drag', { ref: corner.ref, dx: 220, dy: 170 });
};
export default policy;
