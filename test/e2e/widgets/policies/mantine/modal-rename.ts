import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const field = find(seen, 'textbox', /board name/i);
  if (!field && seen.previousTools.at(-1) === 'click' && seen.index > 1)
    return finish('The board is renamed to Roadmap.', ['Rename board']);
  if (!field) return act('click', { ref: need(seen, 'button', /rename board/i).ref });
  if (field.value !== 'Roadmap') return act('type', { ref: field.ref, text: 'Roadmap' });
  return act('click', { ref: need(seen, 'button', /^Save$/).ref });
};
export default policy;
