import { act, areaWithMoreBelow, find, finish, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('Region 33 is picked.', ['Regions']);
  const region = find(seen, 'button', /^Region 33$/);
  if (region) return act('click', { ref: region.ref });
  const area = areaWithMoreBelow(seen);
  if (!area) throw new Error(`No scroll area with more below in:\n${seen.text}`);
  return act('scroll', { ref: area.ref, direction: 'down' });
};
export default policy;
