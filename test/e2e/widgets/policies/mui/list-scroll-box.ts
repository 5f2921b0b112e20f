import { act, areaWithMoreBelow, find, finish, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('Message 36 is open.', ['Inbox']);
  const message = find(seen, 'button', /^Message 36$/);
  if (message) return act('click', { ref: message.ref });
  const area = areaWithMoreBelow(seen);
  if (!area) throw new Error(`No scroll area with more below in:\n${seen.text}`);
  return act('scroll', { ref: area.ref, direction: 'down' });
};
export default policy;
