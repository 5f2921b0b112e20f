import { act, finish, need, type Policy } from '../../policy-kit';

// Tick Charlie and Echo in Available, then press the move-right button.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click' && seen.results.every((r) => !r.isError))
    return finish('Charlie and Echo are in the Chosen list.', ['Charlie', 'Echo']);
  for (const name of ['Charlie', 'Echo']) {
    const box = need(seen, ['checkbox', 'clickable'], new RegExp(name));
    if (!box.checked) return act('check', { ref: box.ref, checked: true });
  }
  return act('click', { ref: need(seen, 'button', /right|to chosen|move/i).ref });
};
export default policy;
