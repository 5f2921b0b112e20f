import { act, find, finish, need, type Policy } from '../../policy-kit';

// Drag the handle between the panes to the right (a person would); done once the drag verified.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'drag' && !seen.results.some((r) => r.isError || /failed/.test(r.text)))
    return finish('The editor pane is wider now.', ['Editor pane']);
  const handle = find(seen, ['separator', 'slider'], /.*/) ?? need(seen, ['clickable', 'button'], /.*/);
  return act('drag', { ref: handle.ref, dx: 250 });
};
export default policy;
