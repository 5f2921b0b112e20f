import { act, finish, need, type Policy, shows } from '../../policy-kit';

// Type each skill and press Enter; an added skill shows as a chip.
const policy: Policy = (seen) => {
  const box = need(seen, 'combobox', /skills/i);
  const chip = (skill: string) => shows(seen, new RegExp(`^(\\[\\d+\\] \\w+ )?"?${skill}"?( |$)`));
  const missing = ['react', 'rust'].filter((skill) => !chip(skill));
  const next = missing[0];
  if (!next) return finish('Both skills are added.', ['react', 'rust']);
  return act('type', { ref: box.ref, text: next, submit: true });
};
export default policy;
