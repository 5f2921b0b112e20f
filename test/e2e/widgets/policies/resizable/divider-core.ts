import { act, finish, need, type Policy } from '../../policy-kit';

// The divider is a bare bar with a drag listener: the observation lists it by the panes it lies between.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'drag' && !seen.results.some((r) => r.isError))
    return finish('The Outline pane is wider now.', ['Outline']);
  const divider = need(seen, 'separator', /between “Outline” and “Document”/);
  return act('drag', { ref: divider.ref, dx: 200 });
};
export default policy;
