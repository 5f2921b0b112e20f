import { act, areaWithMoreBelow, find, finish, need, type Policy, shows } from '../../policy-kit';

// The checkbox sits at the end of a long dialog: scroll the area that says there is more below until it shows.
const policy: Policy = (seen) => {
  const accept = find(seen, 'checkbox', /accept the terms/i);
  if (accept?.checked) return finish('The terms are accepted.', ['I accept the terms of service']);
  if (accept) return act('check', { ref: accept.ref, checked: true });
  if (!shows(seen, /Terms of service/)) return act('click', { ref: need(seen, 'button', /read the terms/i).ref });
  const area = areaWithMoreBelow(seen);
  if (!area) throw new Error(`No scroll area with more below in:\n${seen.text}`);
  return act('scroll', { ref: area.ref, direction: 'down', amount: 3 });
};
export default policy;
