import { act, find, finish, need, type Policy } from '../../policy-kit';

// Open the picker, type the hex code into its field, press Enter.
const policy: Policy = (seen) => {
  const hex = find(seen, 'textbox', /hex|#|color/i) ?? seen.controls.find((c) => c.role === 'textbox');
  if (hex?.value && /^#?52c41a$/i.test(hex.value) && seen.previousTools.at(-1) === 'type')
    return finish('The brand color is #52C41A.', ['#52C41A']);
  if (hex) return act('type', { ref: hex.ref, text: '52C41A', submit: true });
  return act('click', { ref: need(seen, ['button', 'clickable'], /1677ff|color/i).ref });
};
export default policy;
