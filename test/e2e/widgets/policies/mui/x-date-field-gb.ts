import { act, finish, need, type Policy } from '../../policy-kit';

// The date in ISO form: each part goes into its own section in the field's order (day first here).
const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /date of birth/i);
  if (field.value === '05/03/1990') return finish('The date of birth is 05/03/1990.', ['05/03/1990']);
  return act('type', { ref: field.ref, text: '1990-03-05' });
};
export default policy;
