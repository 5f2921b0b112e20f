import { act, finish, need, type Policy } from '../../policy-kit';

// The slider reads "32 GB": the model asks for the number it shows, not the position behind it.
const policy: Policy = (seen) => {
  const storage = need(seen, 'slider', /storage/i);
  if (storage.value === '256 GB') return finish('The storage is 256 GB.', ['Storage']);
  return act('set_value', { ref: storage.ref, value: 256 });
};
export default policy;
