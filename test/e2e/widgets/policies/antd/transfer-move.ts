import { act, controlBefore, finish, lineOf, need, type Policy } from '../../policy-kit';

// Tick Charlie and Echo in Available, then press the move-right button; done when Chosen lists them.
const policy: Policy = (seen) => {
  const chosen = seen.text.split('\n').indexOf('Chosen');
  const after = seen.text.split('\n').slice(chosen + 1);
  if (chosen >= 0 && after.includes('Charlie') && after.includes('Echo'))
    return finish('Charlie and Echo are in the Chosen list.', ['Charlie', 'Echo']);
  for (const name of ['Charlie', 'Echo']) {
    const box = controlBefore(seen, 'checkbox', new RegExp(`^${name}$`));
    if (!box) throw new Error(`No checkbox before ${name} in:\n${seen.text}`);
    if (!box.checked) return act('check', { ref: box.ref, checked: true });
  }
  const right = need(seen, 'button', /^right$/);
  if (lineOf(seen, right).includes('disabled')) throw new Error(`The move button is disabled:\n${seen.text}`);
  return act('click', { ref: right.ref });
};
export default policy;
