import { act, finish, need, type Policy } from '../../policy-kit';

// The date in ISO form; the field shows it in its own words, weekday first.
const policy: Policy = (seen) => {
  const field = need(seen, 'textbox', /delivery day/i);
  const shown = field.value ?? '';
  if (/^Thu, Mar 0?5, 2026$/.test(shown)) return finish(`Delivery on ${shown}.`, [shown]);
  return act('type', { ref: field.ref, text: '2026-03-05' });
};
export default policy;
