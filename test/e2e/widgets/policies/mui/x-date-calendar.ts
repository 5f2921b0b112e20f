import { act, find, finish, need, type Policy } from '../../policy-kit';

// The header names the month shown and offers Previous/Next month; the day buttons then say only the day.
const policy: Policy = (seen) => {
  const header = need(seen, ['clickable', 'button'], /^\w+ \d{4} calendar view is open/);
  if (header.name.startsWith('March 2027')) {
    if (
      seen.results.some((r) => /Element \[\d+\]: button "5"/.test(r.text) && !r.isError) &&
      seen.previousTools.at(-1) === 'click'
    )
      return finish('5 March 2027 is chosen.', ['March 2027']);
    return act('click', { ref: need(seen, 'button', /^5$/).ref });
  }
  const next = find(seen, 'button', /^Next month$/);
  if (!next) throw new Error(`no Next month button:\n${seen.text}`);
  return act('click', { ref: next.ref });
};
export default policy;
