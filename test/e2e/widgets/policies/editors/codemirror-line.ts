import { act, finish, need, type Policy, shows } from '../../policy-kit';

// Caret to the end of the document, Enter, then type the line (the editor closes brackets itself as it is typed).
const policy: Policy = (seen) => {
  const code = need(seen, 'textbox', /code/i);
  if (shows(seen, /console\.log\(greeting\);/)) return finish('The line is added.', ['console.log(greeting);']);
  switch (seen.index) {
    case 0:
      return act('click', { ref: code.ref });
    case 1:
      return act('press_key', { key: 'End', modifiers: ['Control'], ref: code.ref });
    case 2:
      return act('press_key', { key: 'Enter', ref: code.ref });
    default:
      return act('type', { ref: code.ref, text: 'console.log(greeting);', clear: false });
  }
};
export default policy;
