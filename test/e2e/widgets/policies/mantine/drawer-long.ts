import { act, areaWithMoreBelow, find, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const beta = find(seen, 'switch', /beta features/i);
  if (beta?.checked) return finish('Beta features are on.', ['Beta features']);
  if (beta) return act('check', { ref: beta.ref, checked: true });
  const area = areaWithMoreBelow(seen);
  if (area) return act('scroll', { ref: area.ref, direction: 'down' });
  return act('click', { ref: need(seen, 'button', /advanced settings/i).ref });
};
export default policy;
