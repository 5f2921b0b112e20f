import { act, finish, need, type Policy } from '../../policy-kit';

// Press "next page" until the range reads 21–30.
const policy: Policy = (seen) => {
  if (/21[–-]30 of 32/.test(seen.text)) return finish('Rows 21–30 are shown.', ['21–30 of 32']);
  return act('click', { ref: need(seen, 'button', /next page/i).ref });
};
export default policy;
