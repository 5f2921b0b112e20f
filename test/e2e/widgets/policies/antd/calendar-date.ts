import { act, find, finish, need, type Policy } from '../../policy-kit';

// The header's year and month selects bring the grid to March 2027; the date cells are named by their full date.
const policy: Policy = (seen) => {
  // The last click landed on the date cell itself (its result names the element it clicked).
  const chosen = seen.results.some((r) => /Element \[\d+\]: clickable "2027-03-05"/.test(r.text) && !r.isError);
  if (chosen && seen.previousTools.at(-1) === 'click')
    return finish('5 March 2027 is chosen.', ['Selected: 2027-03-05']);
  const day = find(seen, 'clickable', /^2027-03-05$/);
  if (day) return act('click', { ref: day.ref });
  // An open header select lists its items by their text ("2026", "Mar"), a few at a time: scroll its list for more.
  const year2027 = find(seen, ['option', 'clickable'], /^2027$/);
  if (year2027) return act('click', { ref: year2027.ref });
  const anyYear = find(seen, ['option', 'clickable'], /^20\d\d$/);
  if (anyYear) return act('scroll', { ref: anyYear.ref, direction: 'down' });
  const march = find(seen, ['option', 'clickable'], /^Mar$/);
  if (march) return act('click', { ref: march.ref });
  // The month list opens scrolled to the month shown (November): March lies above.
  const anyMonth = find(seen, ['option', 'clickable'], /^(Jan|Feb|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/);
  if (anyMonth) return act('scroll', { ref: anyMonth.ref, direction: 'up' });
  const year = need(seen, 'clickable', /^\d{4}\b/);
  if (!year.name.startsWith('2027')) return act('click', { ref: year.ref });
  const month = need(seen, 'clickable', /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  if (!month.name.startsWith('Mar')) return act('click', { ref: month.ref });
  throw new Error(`March 2027 is shown but no cell is named 2027-03-05:\n${seen.text}`);
};
export default policy;
