import { act, find, finish, type Policy, shows } from '../../policy-kit';

// Press the field's own clear control (a button that shows on hover), never the field itself.
const policy: Policy = (seen) => {
  const clear = find(seen, 'button', /^clear$/i);
  if (!shows(seen, /Rotterdam/)) return finish('No warehouse is selected.', ['Warehouse']);
  if (!clear) throw new Error('The clear control of the Warehouse field is not in the observation.');
  return act('click', { ref: clear.ref });
};
export default policy;
