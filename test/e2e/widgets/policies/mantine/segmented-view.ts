import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const board = need(seen, ['radio', 'button', 'tab'], /^Board$/);
  if (board.checked) return finish('The view is Board.', ['Board']);
  return act('click', { ref: board.ref });
};
export default policy;
