import { act, find, finish, need, type Policy } from '../../policy-kit';

// The header's year and month selects bring the grid to August 2025; the date cells are named by their full date.
const policy: Policy = (seen) => {
  // The last click landed on the date cell itself (its result names the element it clicked).
  const chosen = seen.results.some((r) => /Element \[\d+\]: clickable "2025-08-12"/.test(r.text) && !r.isError);
  if (chosen && seen.previousTools.at(-1) === 'click')
    return finish('12 August 2025 is chosen.', ['Selected: 2025-08-12']);
  const day = find(seen, 'clickable', /^2025-08-12$/);
  if (day) return act('click', { ref: day.ref });
  // An open header select lists its items by their text, a few at a time, from the one shown: scroll for more.
  const year2025 = find(seen, ['option', 'clickable'], /^2025$/);
  if (year2025) return act('click', { ref: year2025.ref });
  const anyYear = find(seen, ['option', 'clickable'], /^20\d\d$/);
  if (anyYear) return act('scroll', { ref: anyYear.ref, direction: 'up' });
  const august = find(seen, ['option', 'clickable'], /^Aug$/);
  if (august) return act('click', { ref: august.ref });
  const anyMonth = find(seen, ['option', 'clickable'], /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Sep|Oct|Nov|Dec)$/);
  if (anyMonth) return act('scroll', { ref: anyMonth.ref, direction: 'up' });
  const year = need(seen, 'clickable', /^\d{4}\b/);
  if (!year.name.startsWith('2025')) return act('click', { ref: year.ref });
  const month = need(seen, 'clickable', /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  if (!month.name.startsWith('Aug')) return act('click', { ref: month.ref });
  throw new Error(`August 2025 is shown but no cell is named 2025-08-12:\n${seen.text}`);
};
export default policy;
