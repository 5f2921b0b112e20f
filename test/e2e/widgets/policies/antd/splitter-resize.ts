import { act, finish, need, type Policy } from '../../policy-kit';

// The divider moves only by dragging: the drag tool (branch `actions`) takes the divider and a point.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'drag' && !seen.results.some((r) => r.isError))
    return finish('The left pane is wider now.', ['Left pane: folders']);
  const divider = need(seen, ['separator', 'slider', 'clickable'], /.*/);
  return act('drag', { ref: divider.ref, dx: 300 });
};
export default policy;
