import { act, find, finish, need, type Policy } from '../../policy-kit';

// A slider is set by value when it is listed as one; MUI's range input is visually hidden, so otherwise the model
// presses the track at 40% of its width (0 to 100).
const policy: Policy = (seen) => {
  const slider = find(seen, 'slider', /brightness/i);
  if (slider?.value === '40') return finish('The brightness is 40.', ['Brightness']);
  if (slider) return act('set_value', { ref: slider.ref, value: 40 });
  if (seen.previousTools.at(-1) === 'click') return finish('The brightness is 40.', ['Brightness']);
  return act('click', { ref: need(seen, 'clickable', /brightness/i).ref, at: { x: 0.4, y: 0.5 } });
};
export default policy;
