import { act, areaWithMoreBelow, find, finish, need, type Policy, shows } from '../../policy-kit';

const policy: Policy = (seen) => {
  const topic = find(seen, 'checkbox', /^Topic 27$/);
  if (topic?.checked) return finish('Subscribed to Topic 27.', ['Topic 27']);
  if (topic) return act('check', { ref: topic.ref, checked: true });
  if (!shows(seen, /Newsletter topics/)) return act('click', { ref: need(seen, 'button', /choose topics/i).ref });
  const area = areaWithMoreBelow(seen);
  if (!area) throw new Error(`No scroll area with more below in:\n${seen.text}`);
  return act('scroll', { ref: area.ref, direction: 'down' });
};
export default policy;
