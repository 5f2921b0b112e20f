import { act, finish, need, type Policy } from '../../policy-kit';

const policy: Policy = (seen) => {
  const weekly = need(seen, ['radio', 'option', 'tab', 'button', 'clickable'], /^Weekly$/);
  if (weekly.checked || / selected/.test(seen.text.split('\n').find((l) => l.startsWith(`[${weekly.ref}]`)) ?? ''))
    return finish('The period is Weekly.', ['Weekly']);
  return act('click', { ref: weekly.ref });
};
export default policy;
