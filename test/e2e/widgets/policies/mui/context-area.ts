import { act, find, finish, type Policy } from '../../policy-kit';

// The board answers only right-click and has no ref of its own: find gives a ref on its text, right_click opens the
// menu there, then the item.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('The board has a green background.', ['Photo board']);
  const green = find(seen, 'menuitem', /^Background green$/);
  if (green) return act('click', { ref: green.ref });
  const board = find(seen, ['clickable', 'text'], /Photo board/);
  if (board && seen.previousTools.at(-1) === 'find') return act('right_click', { ref: board.ref });
  if (seen.previousTools.at(-1) === 'find') throw new Error(`find gave no ref for the board:\n${seen.text}`);
  return act('find', { query: 'Photo board' });
};
export default policy;
