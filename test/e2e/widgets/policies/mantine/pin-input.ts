import { act, finish, type Policy } from '../../policy-kit';

// Type the PIN into the first box; the widget moves focus per digit.
const policy: Policy = (seen) => {
  const boxes = seen.controls.filter((c) => c.role === 'textbox' || c.role === 'spinbutton');
  if (boxes.map((box) => box.value ?? '').join('') === '7305') return finish('The PIN is entered.', ['PIN']);
  const first = boxes[0];
  if (!first) throw new Error(`No PIN boxes in:\n${seen.text}`);
  return act('type', { ref: first.ref, text: '7305' });
};
export default policy;
