import { act, areaWithMoreBelow, find, finish, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('Server 34 was restarted.', ['Server 34']);
  const restart = find(seen, 'button', /^Restart Server 34$/);
  if (restart) return act('click', { ref: restart.ref });
  const area = areaWithMoreBelow(seen);
  if (!area) throw new Error(`No scroll area with more below in:\n${seen.text}`);
  return act('scroll', { ref: area.ref, direction: 'down' });
};
export default policy;
