import { act, finish, type Policy } from '../../policy-kit';

// Type the code into the first box; the widget moves focus box to box as a person types.
const policy: Policy = (seen) => {
  const boxes = seen.controls.filter((c) => c.role === 'textbox');
  if (boxes.length === 0) throw new Error(`No code boxes in:\n${seen.text}`);
  if (boxes.map((box) => box.value ?? '').join('') === '482913')
    return finish('The code is entered.', ['Verification code']);
  const first = boxes[0];
  if (!first) throw new Error('No first box');
  return act('type', { ref: first.ref, text: '482913' });
};
export default policy;
