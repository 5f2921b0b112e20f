import { act, finish, need, type Policy } from '../../policy-kit';

// The divider moves only by dragging: the drag tool (branch `actions`) takes the divider and a point.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'drag' && !seen.results.some((r) => r.isError))
    return finish('The left pane is wider now.', ['Left pane: folders']);
  // The bar has no name of its own: the observation names it by the panes it stands between.
  const divider = need(seen, 'separator', /between “Left pane.*” and “Right pane.*”/);
  return act('drag', { ref: divider.ref, dx: 300 });
};
export default policy;
