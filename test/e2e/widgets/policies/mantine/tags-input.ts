import { act, finish, need, type Policy, shows } from '../../policy-kit';

const policy: Policy = (seen) => {
  const box = need(seen, ['combobox', 'textbox'], /keywords/i);
  const missing = ['alpha', 'beta'].filter((tag) => !shows(seen, new RegExp(`^(\\[\\d+\\] \\w+ )?"?${tag}"?( |$)`)));
  const next = missing[0];
  if (!next) return finish('Both keywords are added.', ['alpha', 'beta']);
  return act('type', { ref: box.ref, text: next, submit: true });
};
export default policy;
