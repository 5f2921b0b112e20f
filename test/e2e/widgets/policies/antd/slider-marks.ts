import { act, finish, need, type Policy } from '../../policy-kit';

// One set_value must do it: a model told "its steps may not allow 37" believes it and stops, so a second try
// would hide that the first one was wrong.
const policy: Policy = (seen) => {
  const temperature = need(seen, 'slider', /water temperature/i);
  if (temperature.value === '37') return finish('The water temperature is 37°C.', ['Water temperature']);
  if (seen.previousTools.includes('set_value')) throw new Error(`set_value left the slider at ${temperature.value}`);
  return act('set_value', { ref: temperature.ref, value: 37 });
};
export default policy;
