import { act, find, finish, need, type Policy, shows } from '../../policy-kit';

// Open the dropdown and click each language not chosen yet (a chosen one is listed as selected).
const policy: Policy = (seen) => {
  const box = need(seen, ['combobox', 'textbox'], /languages/i);
  const chosen = (name: string) => shows(seen, new RegExp(`option "${name}".* selected`));
  const option = (name: string) => find(seen, 'option', new RegExp(`^${name}$`));
  if (!option('Rust') && !option('Go')) return act('click', { ref: box.ref });
  if (chosen('Rust') && chosen('Go')) return finish('Rust and Go are chosen.', ['Rust', 'Go']);
  const next = ['Rust', 'Go'].find((name) => !chosen(name)) ?? 'Rust';
  return act('click', { ref: need(seen, 'option', new RegExp(`^${next}$`)).ref });
};
export default policy;
