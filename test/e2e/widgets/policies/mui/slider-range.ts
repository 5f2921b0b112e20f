import { act, find, finish, need, type Policy } from '../../policy-kit';

// By value when the thumbs are listed as sliders; otherwise press the track (0 to 40) where each end should go: the
// nearest thumb moves there.
const policy: Policy = (seen) => {
  const low = find(seen, 'slider', /lowest/i);
  const high = find(seen, 'slider', /highest/i);
  if (low && high) {
    if (low.value !== '15') return act('set_value', { ref: low.ref, value: 15 });
    if (high.value !== '25') return act('set_value', { ref: high.ref, value: 25 });
    return finish('The range is 15 – 25.', ['Temperature range']);
  }
  const track = need(seen, 'clickable', /lowest temperature/i);
  // The track shows no values, so the plan is fixed: one press per end, then done.
  if (seen.index === 0) return act('click', { ref: track.ref, at: { x: 15 / 40, y: 0.5 } });
  if (seen.index === 1) return act('click', { ref: track.ref, at: { x: 25 / 40, y: 0.5 } });
  return finish('The range is 15 – 25.', ['Temperature range']);
};
export default policy;
