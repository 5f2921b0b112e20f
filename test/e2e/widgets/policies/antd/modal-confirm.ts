import { act, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const dialog = seen.text.includes('Archive this project?');
  const confirm = find(seen, 'button', /^Archive$/);
  if (dialog && confirm) return act('click', { ref: confirm.ref });
  if (seen.previousTools.at(-1) === 'click' && seen.index > 1)
    return finish('The project is archived.', ['Archive project']);
  return act('click', { ref: need(seen, 'button', /archive project/i).ref });
};
export default policy;
