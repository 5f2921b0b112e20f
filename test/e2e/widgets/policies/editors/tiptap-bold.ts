import { act, finish, need, type Policy } from '../../policy-kit';

// The word is the last of its line: put the caret at the end, select one word back, press Bold. The observation
// does not show formatting, so the plan is fixed and the page's check judges it.
const policy: Policy = (seen) => {
  const story = need(seen, 'textbox', /story/i);
  switch (seen.index) {
    case 0:
      return act('click', { ref: story.ref });
    case 1:
      return act('press_key', { key: 'End', ref: story.ref });
    case 2:
      return act('press_key', { key: 'ArrowLeft', modifiers: ['Control', 'Shift'], ref: story.ref });
    case 3:
      return act('click', { ref: need(seen, 'button', /^Bold$/).ref });
    default:
      return finish('"brown" is bold.', ['The quick fox is brown']);
  }
};
export default policy;
