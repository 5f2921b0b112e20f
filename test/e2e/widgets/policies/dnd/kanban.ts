import { act, finish, need, type Policy } from '../../policy-kit';

// Drag the card onto the Done column (onto the card already there); done when the card is listed under Done.
const policy: Policy = (seen) => {
  const lines = seen.text.split('\n');
  const done = lines.findIndex((line) => /^(\[\d+\] \w+ )?"?Done"?/.test(line) && !line.startsWith('Task:'));
  const card = need(seen, 'button', /^Pay invoice$/);
  const cardLine = lines.findIndex((line) => line.startsWith(`[${card.ref}] `));
  if (done >= 0 && cardLine > done) return finish('"Pay invoice" is in Done.', ['Pay invoice']);
  return act('drag', { ref: card.ref, toRef: need(seen, 'button', /^Ship v1$/).ref });
};
export default policy;
