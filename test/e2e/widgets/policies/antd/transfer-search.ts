import { act, controlBefore, find, finish, need, type Policy } from '../../policy-kit';

// Search the Crew list, tick Whiskey, move it right; done when On board lists it.
const policy: Policy = (seen) => {
  const lines = seen.text.split('\n');
  const onBoard = lines.indexOf('On board');
  if (onBoard >= 0 && lines.slice(onBoard).includes('Whiskey')) return finish('Whiskey is on board.', ['Whiskey']);
  const search = find(seen, 'textbox', /search/i);
  const box = controlBefore(seen, 'checkbox', /^Whiskey$/);
  if (!box && search) return act('type', { ref: search.ref, text: 'Whis' });
  if (!box) throw new Error(`No search field in:\n${seen.text}`);
  if (!box.checked) return act('check', { ref: box.ref, checked: true });
  return act('click', { ref: need(seen, 'button', /^right$/).ref });
};
export default policy;
