import { act, find, finish, type Policy } from '../../policy-kit';

// Right-click the paragraph (the observation lists it as text; a ref to press comes from find), then Highlight.
const policy: Policy = (seen) => {
  if (seen.previousTools.at(-1) === 'click') return finish('The notes are highlighted.', ['release notes']);
  const highlight = find(seen, 'menuitem', /^Highlight$/);
  if (highlight) return act('click', { ref: highlight.ref });
  const paragraph = find(seen, ['clickable', 'text'], /release notes/i);
  if (paragraph) return act('right_click', { ref: paragraph.ref });
  if (seen.previousTools.at(-1) === 'find') throw new Error(`find gave no ref for the paragraph:\n${seen.text}`);
  return act('find', { query: 'release notes of version 2.4' });
};
export default policy;
