import { act, finish, need, type Policy } from '../../policy-kit';

// The slider reads "16 GB" over a position of 4: the model asks for the size it sees. One set_value must do it.
const policy: Policy = (seen) => {
  const storage = need(seen, 'slider', /storage/i);
  if (storage.value === '256 GB') return finish('The storage is 256 GB.', ['Storage']);
  if (seen.previousTools.includes('set_value')) throw new Error(`set_value left the slider at ${storage.value}`);
  return act('set_value', { ref: storage.ref, value: 256 });
};
export default policy;
