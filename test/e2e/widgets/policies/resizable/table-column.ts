import { act, finish, need, type Policy } from '../../policy-kit';

// The column widens only by dragging the handle at its header's right edge, which the observation names by column.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'drag' && !seen.results.some((r) => r.isError))
    return finish('The Name column is wider now.', ['Name']);
  const handle = need(seen, 'separator', /resize “Name” column/);
  return act('drag', { ref: handle.ref, dx: 200 });
};
export default policy;
